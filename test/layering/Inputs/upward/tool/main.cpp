// The tool may include anything.
#include "hppc/Translator.h"
