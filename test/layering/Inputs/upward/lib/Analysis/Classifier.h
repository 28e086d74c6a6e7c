// Analysis including itself and the stage below is fine.
#include "IR/Model.h"
#include "Analysis/Classifier.h"
