# The backends' side of the build. A GPU backend is a folder backends/<name>/ with
#   options.cmake   its option and its language, read here, at the top: CMake enables a language
#                   only in the directory above every target that compiles it;
#                   ends with tridg_backend(<name> OPTION <option> INFO <text>);
#   CMakeLists.txt  its library, added by backends/CMakeLists.txt when the option is on; it calls
#                   tridg_instances() for its templates and tridg_register_backend().

# Records a backend of the source tree, built or not: `tridg run --device` knows its name, and
# asking for it in a build without it names the option. INFO goes into the build information
# that every solution file stores (io/output_build_info.hpp).
function(tridg_backend name)
  cmake_parse_arguments(A "" "OPTION;INFO" "" ${ARGN})
  set_property(GLOBAL APPEND PROPERTY TRIDG_DEVICE_BACKENDS ${name})
  set_property(GLOBAL APPEND PROPERTY TRIDG_DEVICE_BACKEND_OPTIONS ${A_OPTION})
  set_property(GLOBAL APPEND PROPERTY TRIDG_BACKEND_BUILD_INFO "${A_INFO}")
endfunction()

# A built backend's entry in the registry (backends/registry.hpp): its header and its tag.
function(tridg_register_backend)
  cmake_parse_arguments(A "" "INCLUDE;TAG" "" ${ARGN})
  set_property(GLOBAL APPEND PROPERTY TRIDG_BACKEND_INCLUDES ${A_INCLUDE})
  set_property(GLOBAL APPEND PROPERTY TRIDG_BACKEND_TAGS ${A_TAG})
endfunction()

# Configures `template` once for each physics and flux that tridg_physics() registered, as
# ${TRIDG_GENERATED_DIR}/instances/<prefix>_<physics>_<flux>.<ext>; the files in `out`.
function(tridg_instances template prefix ext out)
  get_property(instances GLOBAL PROPERTY TRIDG_PHYSICS_INSTANCES)
  set(files "")
  foreach(instance ${instances})
    string(REPLACE "|" ";" fields "${instance}")
    list(GET fields 0 id)
    list(GET fields 1 PHYSICS_HEADER)
    list(GET fields 2 PHYSICS_TYPE)
    set(file ${TRIDG_GENERATED_DIR}/instances/${prefix}_${id}.${ext})
    configure_file(${template} ${file} @ONLY)
    list(APPEND files ${file})
  endforeach()
  set(${out} ${files} PARENT_SCOPE)
endfunction()

file(GLOB _tridg_backend_options CONFIGURE_DEPENDS
     ${PROJECT_SOURCE_DIR}/backends/*/options.cmake)
foreach(_file ${_tridg_backend_options})
  include(${_file})
endforeach()
