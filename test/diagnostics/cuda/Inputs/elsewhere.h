// Functions defined in a header hppc does not rewrite.
#ifndef HPP_FUNCTION
#define HPP_FUNCTION
#endif
inline double fromHeader(double v) { return v + 1; }
HPP_FUNCTION inline double markedInHeader(double v) { return v + 2; }
