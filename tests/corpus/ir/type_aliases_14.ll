; LLVM: 14
; Named types that are not structs are only other spellings of their body:
; LLVM resolves them away, but text carried as written (attribute types,
; function bodies copied by parse-and-print) still names them.
%bytes = type [8 x i8]
%pair = type { i32, %bytes }
%fn = type i8 (%bytes*)*

declare void @takes(%bytes* byval(%bytes), %pair* sret(%pair))

define i8 @use(%bytes* %p) {
entry:
  %buf = alloca %bytes, align 1
  %e = getelementptr inbounds %bytes, %bytes* %buf, i64 0, i64 3
  %b = load i8, i8* %e, align 1
  call void @takes(%bytes* byval(%bytes) %buf, %pair* sret(%pair) null)
  %f = alloca %fn, align 8
  store %fn @use, %fn* %f, align 8
  ret i8 %b
}
