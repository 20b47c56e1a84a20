; LLVM: 19
; Exception handling: Itanium invoke/landingpad (cleanup, catch, filter,
; resume) and Windows funclets (catchswitch, catchpad, catchret,
; cleanuppad, cleanupret, "funclet" bundles, unwind to caller).

target triple = "x86_64-pc-windows-msvc"

%rtti = type { ptr, ptr, [8 x i8] }
@type.info = external constant ptr
@type.info2 = external constant ptr
@rtti.desc = global %rtti { ptr null, ptr null, [8 x i8] c".H\00\00\00\00\00\00" }

declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare i32 @__C_specific_handler(...)
declare void @may_throw(i32)
declare i32 @may_throw_ret()
declare void @cleanup_fn()
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare i32 @llvm.eh.typeid.for(ptr)

define i32 @itanium(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x)
          to label %cont unwind label %lpad

cont:
  %r = invoke i32 @may_throw_ret() #0
          to label %done unwind label %lpad.catch

done:
  ret i32 %r

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @cleanup_fn()
  resume { ptr, i32 } %lp

lpad.catch:
  %lp2 = landingpad { ptr, i32 }
          catch ptr @type.info
          catch ptr null
          filter [1 x ptr] [ptr @type.info2]
  %sel = extractvalue { ptr, i32 } %lp2, 1
  %id = call i32 @llvm.eh.typeid.for(ptr @type.info)
  %match = icmp eq i32 %sel, %id
  br i1 %match, label %handler, label %rethrow

handler:
  %exn = extractvalue { ptr, i32 } %lp2, 0
  %obj = call ptr @__cxa_begin_catch(ptr %exn)
  call void @__cxa_end_catch()
  ret i32 0

rethrow:
  resume { ptr, i32 } %lp2
}

define void @filter_empty() personality ptr @__gxx_personality_v0 {
  invoke void @may_throw(i32 0) to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup filter [0 x ptr] zeroinitializer
  resume { ptr, i32 } %l
}

define void @msvc_catch() personality ptr @__CxxFrameHandler3 {
entry:
  %obj = alloca i32, align 4
  invoke void @may_throw(i32 1)
          to label %exit unwind label %dispatch

dispatch:
  %cs = catchswitch within none [label %catch.int, label %catch.all] unwind label %outer.cleanup

catch.int:
  %cp = catchpad within %cs [ptr @rtti.desc, i32 0, ptr %obj]
  call void @may_throw(i32 2) [ "funclet"(token %cp) ]
  catchret from %cp to label %exit

catch.all:
  %cp2 = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp2 to label %exit

outer.cleanup:
  %cl = cleanuppad within none []
  call void @cleanup_fn() [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller

exit:
  ret void
}

define void @nested_funclets() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw(i32 0)
          to label %exit unwind label %cleanup.outer

cleanup.outer:
  %outer = cleanuppad within none [i32 7]
  invoke void @may_throw(i32 1) [ "funclet"(token %outer) ]
          to label %outer.done unwind label %inner.dispatch

inner.dispatch:
  %cs = catchswitch within %outer [label %inner.catch] unwind label %inner.cleanup

inner.catch:
  %cp = catchpad within %cs []
  catchret from %cp to label %outer.done

inner.cleanup:
  %inner = cleanuppad within %outer []
  cleanupret from %inner unwind to caller

outer.done:
  cleanupret from %outer unwind to caller

exit:
  ret void
}

define void @seh() personality ptr @__C_specific_handler {
entry:
  invoke void @may_throw(i32 3)
          to label %exit unwind label %cs

cs:
  %s = catchswitch within none [label %handler] unwind to caller

handler:
  %p = catchpad within %s [ptr @filter]
  catchret from %p to label %exit

exit:
  ret void
}

define internal i32 @filter() {
  ret i32 1
}

attributes #0 = { nounwind "invoke-attr" }
