#ifndef DNSIM_CYAML_SHIM_H
#define DNSIM_CYAML_SHIM_H
#include <yaml.h>
#endif
