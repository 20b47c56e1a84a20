; LLVM: 14
; Exception handling with typed pointers: personality given as a bitcast
; constant expression, typed landingpad clauses and filters, typed catchpad
; arguments, invoke of a bitcast callee and of a varargs function.

target triple = "x86_64-unknown-linux-gnu"

%exn = type { i8*, i32 }
%"class.std::exception" = type { i32 (...)** }

@_ZTIi = external constant i8*
@_ZTISt9exception = external constant i8*
@_ZTIPKc = external constant { i8*, i8*, i32, i8* }

declare i32 @__gxx_personality_v0(...)
declare void @thrower(i8*)
declare i32 @vthrower(i32, ...)
declare i8* @__cxa_begin_catch(i8*)
declare void @__cxa_end_catch()
declare void @__cxa_rethrow()
declare i32 @llvm.eh.typeid.for(i8*)

define i32 @typed_eh(i8* %arg) personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
entry:
  invoke void @thrower(i8* %arg)
          to label %next unwind label %lpad

next:
  %v = invoke i32 (i32, ...) @vthrower(i32 1, double 2.0, i8* %arg)
          to label %next2 unwind label %lpad

next2:
  invoke void bitcast (i32 (i32, ...)* @vthrower to void (i8*)*)(i8* %arg)
          to label %ret unwind label %lpad

ret:
  ret i32 %v

lpad:
  %lp = landingpad %exn
          catch i8* bitcast (i8** @_ZTIi to i8*)
          catch i8* bitcast ({ i8*, i8*, i32, i8* }* @_ZTIPKc to i8*)
          filter [2 x i8*] [i8* bitcast (i8** @_ZTISt9exception to i8*), i8* bitcast (i8** @_ZTIi to i8*)]
          catch i8* null
  %ex = extractvalue %exn %lp, 0
  %sel = extractvalue %exn %lp, 1
  %tid = call i32 @llvm.eh.typeid.for(i8* bitcast (i8** @_ZTIi to i8*))
  %is = icmp eq i32 %sel, %tid
  br i1 %is, label %catch, label %unwind

catch:
  %c = call i8* @__cxa_begin_catch(i8* %ex)
  invoke void @__cxa_rethrow()
          to label %unreach unwind label %lpad2

lpad2:
  %lp2 = landingpad %exn cleanup
  call void @__cxa_end_catch()
  resume %exn %lp2

unwind:
  resume %exn %lp

unreach:
  unreachable
}

declare i32 @__CxxFrameHandler3(...)

define void @typed_funclets(%"class.std::exception"* %e) personality i32 (...)* @__CxxFrameHandler3 {
entry:
  %slot = alloca %"class.std::exception"*, align 8
  invoke void @thrower(i8* null)
          to label %exit unwind label %dispatch

dispatch:
  %cs = catchswitch within none [label %handler] unwind to caller

handler:
  %cp = catchpad within %cs [i8* null, i32 8, %"class.std::exception"** %slot]
  call void @thrower(i8* null) [ "funclet"(token %cp) ]
  catchret from %cp to label %exit

exit:
  ret void
}
