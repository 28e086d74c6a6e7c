// A model header reaching up into analysis: the check must flag it.
#include "Analysis/Classifier.h"
