# Strict warnings for tridg's own targets (dependencies are included as SYSTEM).
add_library(tridg_warnings INTERFACE)
target_compile_options(tridg_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wno-unknown-pragmas>
  $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${TRIDG_WERROR}>>:-Werror>)
