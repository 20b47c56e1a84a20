; LLVM: 19
; Named types that are not structs are only other spellings of their body:
; LLVM resolves them away, but text carried as written (attribute types,
; function bodies copied by parse-and-print) still names them.
%bytes = type [8 x i8]
%pair = type { i32, %bytes }
%vec = type <2 x double>

declare void @takes(ptr byval(%bytes), ptr sret(%pair))

define i8 @use(ptr %p) {
entry:
  %buf = alloca %bytes, align 1
  call void @llvm.memcpy.p0.p0.i64(ptr %buf, ptr %p, i64 8, i1 false)
  %v = load %vec, ptr %p, align 16
  %e = getelementptr inbounds %bytes, ptr %buf, i64 0, i64 3
  %b = load i8, ptr %e, align 1
  call void @takes(ptr byval(%bytes) %buf, ptr sret(%pair) %p)
  ret i8 %b
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
