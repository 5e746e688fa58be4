/* testplugin_old_abi.c — test plugin: its entry says ABI version 0, older than any supported
 * layout. Must be refused. */
#include "ccdb_solver.h"

static const struct {
    _Alignas(ccdb_solver) int abi_version;
} past = { 0 };

const ccdb_solver *ccdb_solver_entry(void)
{
    return (const ccdb_solver *)(const void *)&past;
}
