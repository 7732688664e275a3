// The layout of tridg's JSON documents (run summaries, `tridg info --json`) over nlohmann-json:
// top-level members one per line, deeper values on one line, numbers that round-trip, null for
// the non-finite numbers JSON lacks, and text that stays valid JSON whatever the bytes.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "io/json.hpp"

using namespace tridg;

TEST_CASE("json: the summaries' layout, one member per line and nested values on one line") {
  Json j;
  j["steps"] = 12;
  j["name"] = "a \"b\"\n";
  j["ok"] = true;
  j["values"] = std::vector<double>{0.5, -2};
  Json inner;
  inner["x"] = 1;
  inner["list"] = std::vector<int>{1, 2};
  j["inner"] = inner;
  j["empty"] = Json::object();
  CHECK(json_text(j) == "{\n"
                        "  \"steps\": 12,\n"
                        "  \"name\": \"a \\\"b\\\"\\n\",\n"
                        "  \"ok\": true,\n"
                        "  \"values\": [0.5, -2.0],\n"
                        "  \"inner\": {\"x\": 1, \"list\": [1, 2]},\n"
                        "  \"empty\": {}\n"
                        "}\n");
  CHECK(json_text(j, false) == "{\"steps\": 12, \"name\": \"a \\\"b\\\"\\n\", \"ok\": true, "
                               "\"values\": [0.5, -2.0], \"inner\": {\"x\": 1, \"list\": [1, 2]}, "
                               "\"empty\": {}}");
  CHECK(json_text(Json::object()) == "{\n}\n");
}

TEST_CASE("json: numbers round-trip; NaN and infinities are null") {
  const double third = 1.0 / 3, tiny = 5e-324, big = 1.7976931348623157e308;
  Json j;
  j["third"] = third;
  j["tiny"] = tiny;
  j["big"] = big;
  j["nan"] = std::nan("");
  j["inf"] = -std::numeric_limits<double>::infinity();
  j["list"] = std::vector<double>{std::nan(""), 1.5};
  const std::string text = json_text(j, false);
  CHECK(text == "{\"third\": 0.3333333333333333, \"tiny\": 5e-324, "
                "\"big\": 1.7976931348623157e+308, \"nan\": null, \"inf\": null, "
                "\"list\": [null, 1.5]}");
  const Json back = Json::parse(text);
  CHECK(back["third"].get<double>() == third);
  CHECK(back["tiny"].get<double>() == tiny);
  CHECK(back["big"].get<double>() == big);
  CHECK(back["nan"].is_null());
}

TEST_CASE("json: control characters are escaped, bytes that are not UTF-8 become U+FFFD") {
  Json j;
  j["c"] = std::string("\t\x01\r");
  j[std::string("k\xff")] = std::string("caf\xe9");
  const std::string text = json_text(j, false);
  CHECK(text == "{\"c\": \"\\t\\u0001\\r\", \"k\xef\xbf\xbd\": \"caf\xef\xbf\xbd\"}");
  CHECK(Json::parse(text).is_object());
}
