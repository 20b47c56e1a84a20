; LLVM: 19
; `P1` in the data layout puts functions in address space 1 by default.
target datalayout = "P1"

@table = global { ptr addrspace(1) } { ptr addrspace(1) @external }

declare void @external()

define void @calls(ptr addrspace(1) %fp) {
  call void %fp()
  call void @external()
  ret void
}
