# `cmake --install BUILD [--prefix DIR]` (docs/solvers.md, "Writing a plugin"): what a plugin author
# needs and nothing else —
#   bin/ccdbench                                   the harness
#   include/ccdbench/ccdb_solver.h                 the plugin ABI (the one header a plugin needs)
#   share/cmake/ccdbench/ccdbench{Config,ConfigVersion,Targets}.cmake
#                                                  find_package(ccdbench): target ccdbench::solver
#   share/pkgconfig/ccdbench.pc                    pkg-config --cflags ccdbench
# The package is header-only (a plugin links nothing of ccdbench), hence share/, not lib/.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CCDB_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/ccdbench)
set(CCDB_INSTALL_CMAKEDIR ${CMAKE_INSTALL_DATADIR}/cmake/ccdbench)
set(CCDB_INSTALL_PKGCONFIGDIR ${CMAKE_INSTALL_DATADIR}/pkgconfig)

# ccdbench::solver: the header's folder on the include path of whatever links it.
add_library(ccdb_solver_abi INTERFACE)
target_include_directories(ccdb_solver_abi INTERFACE
  $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/solvers/include>
  $<INSTALL_INTERFACE:${CCDB_INSTALL_INCLUDEDIR}>)
set_target_properties(ccdb_solver_abi PROPERTIES EXPORT_NAME solver)
add_library(ccdbench::solver ALIAS ccdb_solver_abi)

install(TARGETS ccdbench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/solvers/include/ccdb_solver.h
        DESTINATION ${CCDB_INSTALL_INCLUDEDIR})
install(TARGETS ccdb_solver_abi EXPORT ccdbenchTargets)
install(EXPORT ccdbenchTargets NAMESPACE ccdbench:: DESTINATION ${CCDB_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/ccdbenchConfig.cmake.in
  ${CMAKE_BINARY_DIR}/package/ccdbenchConfig.cmake INSTALL_DESTINATION ${CCDB_INSTALL_CMAKEDIR}
  PATH_VARS CCDB_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR)
# 0.x: a minor version may change the ABI (the header's CCDB_SOLVER_ABI is the real check; the
# harness refuses an entry newer than itself and loads older ones while supported).
write_basic_package_version_file(${CMAKE_BINARY_DIR}/package/ccdbenchConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion ARCH_INDEPENDENT)
install(FILES ${CMAKE_BINARY_DIR}/package/ccdbenchConfig.cmake
        ${CMAKE_BINARY_DIR}/package/ccdbenchConfigVersion.cmake DESTINATION ${CCDB_INSTALL_CMAKEDIR})

# The .pc file finds its prefix from its own place (${pcfiledir}), so `cmake --install --prefix`
# at install time, not only CMAKE_INSTALL_PREFIX at configure time, gives a correct file.
if(IS_ABSOLUTE "${CCDB_INSTALL_INCLUDEDIR}")
  set(CCDB_PC_INCLUDEDIR "${CCDB_INSTALL_INCLUDEDIR}")
else()
  set(CCDB_PC_INCLUDEDIR "\${prefix}/${CCDB_INSTALL_INCLUDEDIR}")
endif()
file(RELATIVE_PATH CCDB_PC_UP /${CCDB_INSTALL_PKGCONFIGDIR} /) # "../../" for share/pkgconfig
configure_file(${CMAKE_SOURCE_DIR}/cmake/ccdbench.pc.in ${CMAKE_BINARY_DIR}/package/ccdbench.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/package/ccdbench.pc DESTINATION ${CCDB_INSTALL_PKGCONFIGDIR})
