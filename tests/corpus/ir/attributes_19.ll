; LLVM: 19
; Parameter, return and function attributes: typed attributes (byval, sret,
; inalloca, preallocated, elementtype, byref), integer and range arguments,
; nofpclass masks, initializes lists, memory effects of every location, and
; attribute groups mixing enum, integer, type and string attributes.

target datalayout = "e-m:e-p:64:64-i64:64-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.Big = type { [8 x i64] }
%struct.Small = type { i8, i16 }

declare void @byval_param(ptr byval(%struct.Big) align 8)
declare void @sret_param(ptr noalias nocapture writable sret(%struct.Big) align 16 dereferenceable(64))
declare void @inalloca_param(ptr inalloca(%struct.Small))
declare void @prealloc_param(ptr preallocated(%struct.Small))
declare void @byref_param(ptr byref(i64) align 4)
declare ptr @llvm.preserve.array.access.index.p0.p0(ptr, i32 immarg, i32 immarg)
declare void @deref_or_null(ptr dereferenceable_or_null(24) align 2)
declare void @nest_param(ptr nest, ptr inreg, i32 signext, i8 zeroext)
declare ptr @returned_param(ptr returned, ptr nonnull noundef)
declare void @swift(ptr swiftself, ptr swifterror, ptr swiftasync)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg)
declare void @fpclass(float nofpclass(nan inf), double nofpclass(zero sub norm), <2 x float> nofpclass(snan qnan pinf ninf pzero nzero psub nsub pnorm nnorm))
declare void @ranged(i32 range(i32 0, 10), i8 range(i8 -3, 3), <4 x i32> range(i32 1, 0))
declare range(i64 0, 100) i64 @ranged_ret()
declare void @inits(ptr initializes((0, 4)), ptr initializes((0, 8), (16, 24)))
declare void @dead_unwind(ptr dead_on_unwind writable)
declare void @alloc_attrs(i64 allocalign, ptr allocptr)
declare void @access_attrs(ptr readonly, ptr writeonly, ptr readnone, ptr nofree)
declare void @str_param_attrs(ptr "param-key" "param-kv"="v")
declare void @align_stack_param(ptr alignstack(8))
declare nofpclass(nan) float @fpclass_ret()
declare noalias nonnull dereferenceable(8) align 8 ptr @ret_attr_run()
declare dereferenceable_or_null(4) ptr @ret_deref_or_null()
declare signext i16 @ret_signext()
declare inreg noundef i32 @ret_inreg()
declare void @noundef_vector(<vscale x 2 x i64> noundef)
declare void @no_params() #0
declare void @uses_groups(ptr) #1
declare ptr @my_malloc(i64, i64) #2
declare ptr @my_realloc(ptr allocptr, i64) #3
declare void @memory_forms() #4
declare void @vscale_forms() #5
declare void @misc_fn() #6
declare void @strings_only() #7
declare void @inline_memory() memory(read) nounwind
declare void @inline_memory2() memory(argmem: read, inaccessiblemem: write)
declare void @inline_memory3() memory(readwrite, argmem: none)
declare void @inline_memory4() memory(write, inaccessiblemem: readwrite)

define void @call_site_attrs(ptr %p, ptr %q, i32 %x) {
  call void @byval_param(ptr byval(%struct.Big) align 8 %p)
  call void @sret_param(ptr sret(%struct.Big) align 16 %q)
  call void @fpclass(float nofpclass(nan) 1.0, double 2.0, <2 x float> zeroinitializer)
  call void @ranged(i32 range(i32 0, 10) 5, i8 1, <4 x i32> zeroinitializer)
  %r = call range(i64 0, 50) i64 @ranged_ret()
  %m = call noalias align 16 ptr @my_malloc(i64 8, i64 4) #8
  %e = call ptr @llvm.preserve.array.access.index.p0.p0(ptr elementtype([4 x i32]) %p, i32 1, i32 2)
  call void asm sideeffect "", "=*m"(ptr elementtype(i32) %q)
  call void @uses_groups(ptr nonnull %p) #9
  call void @no_params() nounwind willreturn "call-site-string"
  call void @inline_memory() memory(none)
  call void @str_param_attrs(ptr "k" %p) "a"="b" cold
  ret void
}

define void @attrs_on_def(ptr noalias nocapture noundef readonly align 4 dereferenceable(16) %a, i32 noundef %n) #10 {
  ret void
}

define i32 @fn_align_and_more(i32 %x) align 32 alignstack(16) noinline {
  ret i32 %x
}

attributes #0 = { nounwind }
attributes #1 = { mustprogress nocallback nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) uwtable(sync) }
attributes #2 = { allockind("alloc,uninitialized,aligned") allocsize(0,1) "alloc-family"="my_malloc" }
attributes #3 = { allockind("realloc") allocsize(1) "alloc-family"="my_malloc" }
attributes #4 = { memory(argmem: write, inaccessiblemem: read) }
attributes #5 = { vscale_range(2,2) }
attributes #6 = { cold hot convergent disable_sanitizer_instrumentation fn_ret_thunk_extern minsize naked nobuiltin nocf_check noduplicate noimplicitfloat nomerge nonlazybind noprofile noredzone noreturn nosanitize_bounds nosanitize_coverage null_pointer_is_valid optforfuzzing optsize presplitcoroutine returns_twice safestack sanitize_address sanitize_hwaddress sanitize_memory sanitize_memtag sanitize_thread shadowcallstack skipprofile speculative_load_hardening ssp sspreq sspstrong strictfp uwtable willreturn mustprogress }
attributes #7 = { "one" "two"="" "three"="3" "with space"="a b c" "escaped"="q\22q" }
attributes #8 = { allocsize(0) }
attributes #9 = { nobuiltin "call-group" }
attributes #10 = { noinline optnone uwtable vscale_range(1,0) "frame-pointer"="non-leaf" "target-features"="+sse,+sse2" }
; Spaced as LLVM never prints them, but accepts.
attributes #11 = { alignstack = 16 memory (argmem: read) allocsize (0)
                   "k" = "v" }
declare ptr @spaced_group(i64) #11
