// LLVM 14's asm goto (callbr with blockaddress operands) is valid input that
// the LLVM inside llvmlite cannot upgrade: the output is written, unverified,
// with a warning, and compiles with the clang that made the input.
// RUN: %clang14 -O1 -S -emit-llvm %s -o %t.ll
// RUN: enzyme-opt %t.ll -o %t.out.ll 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: %clang14 -c %t.out.ll -o %t.o
// CHECK: warning: {{.*}}the output is not verified{{.*}}callbr
int bit_test(long v, long b) {
  asm goto("btq %1, %0\n\tjc %l2" : : "r"(v), "r"(b) : "cc" : yes);
  return 0;
yes:
  return 1;
}
