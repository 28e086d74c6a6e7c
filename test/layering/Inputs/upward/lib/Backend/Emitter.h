// Backends must not read pragma syntax from the front end.
#include "Frontend/PragmaParser.h"
