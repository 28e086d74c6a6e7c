// A device-callable function from a header: hppc sees HPP_FUNCTION as an
// annotation while it parses.
#include <hpp/hpp.hpp>

HPP_FUNCTION inline double twice(double X) { return 2 * X; }
