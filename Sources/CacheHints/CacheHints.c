// The hints are inline functions in the header; a C target needs one source file.
#include "CacheHints.h"
