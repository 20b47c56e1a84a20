// File streams inside the differentiated function: a heap std::filebuf
// given a buffer of ours (pubsetbuf), written with sputn and synced (at -O1
// and above, calls through its vtable), an std::ofstream, and raw bytes read
// into a local with std::ifstream::read.  None of it carries a derivative.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

double __enzyme_autodiff(void *, ...);

double work(double x) {
  char buffer[64];
  std::filebuf *fb = new std::filebuf();
  fb->pubsetbuf(buffer, sizeof buffer);
  double y = x * std::exp(x);
  if (fb->open("/dev/null", std::ios::out | std::ios::binary)) {
    const char text[] = "y = ";
    fb->sputn(text, sizeof text - 1);
    float shown = (float)y;
    fb->sputn(reinterpret_cast<const char *>(&shown), sizeof shown);
    fb->pubsync();
  }
  fb->close();
  delete fb;
  std::ofstream out("/dev/null");
  out << "y = " << y << std::endl;
  std::ifstream in("/dev/null", std::ios::binary);
  double k = 3.0;           // /dev/null has no bytes: k stays 3
  in.read(reinterpret_cast<char *>(&k), sizeof k);
  std::ostringstream log;
  log << y;
  return k * y * y + (double)log.str().size();
}

int main() {
  int bad = 0;
  for (double x : {0.4, -0.9, 1.3}) {
    double got = __enzyme_autodiff((void *)work, x);
    double y = x * std::exp(x);
    double want = 3.0 * 2 * y * (1 + x) * std::exp(x);
    if (std::fabs(got - want) > 1e-12 * (1 + std::fabs(want))) {
      std::printf("MISMATCH d/dx at %g: got %.17g, want %.17g\n", x, got, want);
      bad = 1;
    }
  }
  return bad;
}
