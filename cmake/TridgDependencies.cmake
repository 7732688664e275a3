# Locates the Debian-packaged dependencies. Nothing is downloaded.
find_package(OpenMP REQUIRED COMPONENTS CXX)
# HDF5 is found in CMakeLists.txt (serial or parallel, before NetCDF).
find_package(CLI11 CONFIG REQUIRED)
find_package(spdlog CONFIG REQUIRED)
find_package(fmt CONFIG REQUIRED)

# toml++ and muParser are looked up by header/library so that an unpacked Debian package
# (CMAKE_PREFIX_PATH pointing at it) works as well as an installed one.
find_path(TOMLPP_INCLUDE_DIR toml++/toml.h REQUIRED)
add_library(tridg_tomlpp INTERFACE)
target_include_directories(tridg_tomlpp SYSTEM INTERFACE ${TOMLPP_INCLUDE_DIR})
target_compile_definitions(tridg_tomlpp INTERFACE TOML_HEADER_ONLY=1 TOML_EXCEPTIONS=1)

# nlohmann-json writes the JSON summaries; nanoflann's k-d tree finds the nearest of scattered
# points. Both are header-only and ship CMake configs.
find_package(nlohmann_json 3.2 CONFIG QUIET)
if(NOT nlohmann_json_FOUND)
  message(FATAL_ERROR "nlohmann-json not found: install nlohmann-json3-dev "
                      "(scripts/install_deps.sh), or point CMAKE_PREFIX_PATH at it")
endif()
find_package(nanoflann CONFIG QUIET)
if(NOT nanoflann_FOUND)
  message(FATAL_ERROR "nanoflann not found: install libnanoflann-dev "
                      "(scripts/install_deps.sh), or point CMAKE_PREFIX_PATH at it")
endif()

find_path(MUPARSER_INCLUDE_DIR muParser.h PATH_SUFFIXES muParser REQUIRED)
find_library(MUPARSER_LIBRARY muparser REQUIRED)
add_library(tridg_muparser INTERFACE)
target_include_directories(tridg_muparser SYSTEM INTERFACE ${MUPARSER_INCLUDE_DIR})
target_link_libraries(tridg_muparser INTERFACE ${MUPARSER_LIBRARY})

# METIS (Debian's libmetis-dev ships no CMake config) partitions meshes for several GPUs; it is
# optional: TRIDG_METIS (CMakeLists.txt) is on when it is found.
if(TRIDG_METIS)
  find_path(METIS_INCLUDE_DIR metis.h REQUIRED)
  find_library(METIS_LIBRARY metis REQUIRED)
  add_library(tridg_metis INTERFACE)
  target_include_directories(tridg_metis SYSTEM INTERFACE ${METIS_INCLUDE_DIR})
  target_link_libraries(tridg_metis INTERFACE ${METIS_LIBRARY})
endif()

# NetCDF (Debian's libnetcdf-dev ships netCDFConfig.cmake) writes the maps of tsunami runs; it is
# optional: TRIDG_NETCDF (CMakeLists.txt) is on when it is found.
if(TRIDG_NETCDF)
  find_package(netCDF CONFIG REQUIRED HINTS /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/${_netcdf_config})
endif()

# GDAL (Debian's libgdal-dev; CMake's FindGDAL) reads every raster: bathymetry, topography and
# initial surfaces. Optional: TRIDG_GDAL (CMakeLists.txt) is on when it is found.
if(TRIDG_GDAL)
  find_package(GDAL REQUIRED)
endif()

# MPI (Debian's libopenmpi-dev, or any MPI the machine has) is optional: TRIDG_MPI is on when it
# is found, and without it a run is one rank.
if(TRIDG_MPI)
  find_package(MPI REQUIRED COMPONENTS C CXX)
endif()

if(TRIDG_WITH_GMSH)
  # Debian's libgmsh-dev ships no CMake config.
  find_path(GMSH_INCLUDE_DIR gmsh.h REQUIRED)
  find_library(GMSH_LIBRARY gmsh REQUIRED)
  add_library(tridg_gmsh INTERFACE)
  target_include_directories(tridg_gmsh SYSTEM INTERFACE ${GMSH_INCLUDE_DIR})
  target_link_libraries(tridg_gmsh INTERFACE ${GMSH_LIBRARY})
endif()
