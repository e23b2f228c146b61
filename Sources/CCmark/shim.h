#ifndef AFTERFLOW_CCMARK_SHIM_H
#define AFTERFLOW_CCMARK_SHIM_H
#include <cmark.h>
#endif
