/* ranges.h — compatibility shim for Tight Inclusion's logger.hpp, which includes spdlog's bundled
 * copy of fmt (<spdlog/fmt/bundled/ranges.h>). Debian's spdlog is built against the system fmt
 * (SPDLOG_FMT_EXTERNAL) and ships no bundled copy: the same header comes from fmt itself. */
#include <fmt/ranges.h>
