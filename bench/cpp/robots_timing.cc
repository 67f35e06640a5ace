// In-process timing of Google's robots.txt library (github.com/google/robotstxt, not part of this
// repository) over the file `npm run bench` generates, for the robots rows' baseline. Build it
// against a checkout of that library (see bench/README.md), then set CRAWLSCOPE_ROBOTSTXT_CPP.
//
//   robots_timing <file> <runs> <warmup> <url> <token>...
//
// prints one JSON line: the times in ms of each run of
//   one: RobotsMatcher::OneAgentAllowedByRobots(file, first token, url)   (parse + one verdict)
//   all: RobotsMatcher::AllowedByRobots(file, every token, url)           (one parse, all tokens)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "robots.h"

template <class F>
std::string Measure(F f, int runs, int warmup) {
  for (int i = 0; i < warmup; i++) f();
  std::vector<double> xs;
  for (int i = 0; i < runs; i++) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    auto t1 = std::chrono::steady_clock::now();
    xs.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::string out = "[";
  char buf[32];
  for (size_t i = 0; i < xs.size(); i++) {
    snprintf(buf, sizeof buf, "%s%.4f", i ? "," : "", xs[i]);
    out += buf;
  }
  return out + "]";
}

int main(int argc, char** argv) {
  if (argc < 6) {
    fprintf(stderr, "usage: %s <file> <runs> <warmup> <url> <token>...\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string body = ss.str();
  const int runs = atoi(argv[2]);
  const int warmup = atoi(argv[3]);
  const std::string url = argv[4];
  const std::vector<std::string> tokens(argv + 5, argv + argc);
  volatile bool sink = false;
  const std::string one = Measure([&] {
    googlebot::RobotsMatcher m;
    sink = m.OneAgentAllowedByRobots(body, tokens[0], url);
  }, runs, warmup);
  const std::string all = Measure([&] {
    googlebot::RobotsMatcher m;
    sink = m.AllowedByRobots(body, &tokens, url);
  }, runs, warmup);
  googlebot::RobotsMatcher m;
  const bool allowed = m.OneAgentAllowedByRobots(body, tokens[0], url);
  printf("{\"bytes\":%zu,\"allowed\":%s,\"one\":%s,\"all\":%s}\n", body.size(), allowed ? "true" : "false", one.c_str(), all.c_str());
  return 0;
}
