/* testplugin_bad_abi.c — test plugin: its entry says ABI version CCDB_SOLVER_ABI + 1 and is only
 * that one int long, so a loader that reads any other field before checking the version reads
 * past the object (AddressSanitizer reports it). Must be refused. */
#include "ccdb_solver.h"

static const struct {
    _Alignas(ccdb_solver) int abi_version;
} future = { CCDB_SOLVER_ABI + 1 };

const ccdb_solver *ccdb_solver_entry(void)
{
    return (const ccdb_solver *)(const void *)&future;
}
