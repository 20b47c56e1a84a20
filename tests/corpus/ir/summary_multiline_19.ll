; LLVM: 19
; Module summary entries (ThinLTO) may continue over several lines inside
; their parentheses; the module around them is kept, the summary dropped
; (as opt -S does for a module read without one).
define void @f() {
  ret void
}

^0 = module: (path: "a.o",   ; the path
  hash: (0, 0, 0, 0, 0))
^1 = gv: (name: "f",
  summaries: (function: (module: ^0,
    flags: (linkage: external, visibility: default, notEligibleToImport: 0, live: 0,
            dsoLocal: 0, canAutoHide: 0, importType: definition),
    insts: 1, funcFlags: (readNone: 0, readOnly: 0, noRecurse: 0, returnDoesNotAlias: 0,
                          noInline: 0, alwaysInline: 0, noUnwind: 0, mayThrow: 0,
                          hasUnknownCall: 0, mustBeUnreachable: 0))))
^2 = flags: 8
^3 = blockcount: 0
