; Vectors of pointers whose lanes cannot be told apart stay refused rather
; than differentiated wrongly (tests/lit/pointer-lanes-slp.ll and
; pointer-lanes-loads.ll have the shapes that are split lane by lane):
; - `<2 x ptr>` read from memory holding a double beside bytes of unknown
;   type, the double's lane turned back into a double: no typed read of the
;   other lane to make, and the double's derivative would not follow a
;   pointer lane (silently 0 before);
; - a double's bits stored where the program reads a pointer back;
; - a lane made of an integer computed at run time (the double beside it
;   silently had derivative 0 before: the memory looked inactive);
; - a pointer read as a lane of `<2 x double>` beside bytes of unknown type
;   (its shadow would not follow: d x[1] silently 0 before).
; RUN: not enzyme-opt %s -o %t.1.ll 2>&1 | FileCheck --check-prefix=READ %s
; RUN: sed -e 's/(ptr @unknown_lane,/(ptr @double_as_pointer,/' %s > %t.punned.ll
; RUN: not enzyme-opt %t.punned.ll -o %t.4.ll 2>&1 | FileCheck --check-prefix=PUNNED %s
; RUN: sed -e 's/(ptr @unknown_lane,/(ptr @computed_lane,/' %s > %t.computed.ll
; RUN: not enzyme-opt %t.computed.ll -o %t.5.ll 2>&1 | FileCheck --check-prefix=COMPUTED %s
; RUN: sed -e 's/(ptr @unknown_lane,/(ptr @pointer_in_doubles,/' %s > %t.doubles.ll
; RUN: not enzyme-opt %t.doubles.ll -o %t.6.ll 2>&1 | FileCheck --check-prefix=DOUBLES %s

; READ: .ll:37:3: error: cannot differentiate a read of <2 x ptr> from memory holding a double at byte 0: its derivative cannot follow a pointer lane in function 'unknown_lane'
; PUNNED: .ll:53:3: error: cannot differentiate a store of <2 x ptr> holding a double's bits in lane 0: its derivative cannot follow a ptr lane in function 'double_as_pointer'
; DOUBLES: .ll:92:3: error: cannot differentiate a read of <2 x double> from memory holding a pointer at byte 8: its shadow cannot follow a double lane in function 'pointer_in_doubles'
; COMPUTED: .ll:73:3: error: cannot differentiate a store of <2 x ptr> holding a double's bits in lane 0: its derivative cannot follow a ptr lane in function 'computed_lane'

declare double @__enzyme_autodiff(...)

; 32 bytes holding x0 * x0 and, after it, a char: read back as <2 x ptr>,
; what the second lane holds nobody says
define double @unknown_lane(ptr %x) {
  %cells = alloca [32 x i8], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %sq = fmul double %x0, %x0
  store double %sq, ptr %cells, align 16, !tbaa !5
  %pf = getelementptr inbounds i8, ptr %cells, i64 8
  store i8 0, ptr %pf, align 8, !tbaa !7
  %v = load <2 x ptr>, ptr %cells, align 16, !tbaa !7
  %wp = extractelement <2 x ptr> %v, i64 0
  %wi = ptrtoint ptr %wp to i64
  %w = bitcast i64 %wi to double
  %r = fmul double %w, %w
  ret double %r
}

; {x0 * x0, x1 * 2} stored as <2 x ptr>, the second lane read back as the
; pointer field of {double, ptr}
define double @double_as_pointer(ptr %x) {
  %cells = alloca [2 x { double, ptr }], align 16
  %d = load <2 x double>, ptr %x, align 8, !tbaa !5
  %w = fmul <2 x double> %d, <double 2.0, double 2.0>
  %bits = bitcast <2 x double> %w to <2 x i64>
  %wp = inttoptr <2 x i64> %bits to <2 x ptr>
  store <2 x ptr> %wp, ptr %cells, align 16, !tbaa !7
  %w0 = load double, ptr %cells, align 16, !tbaa !10
  %pf = getelementptr inbounds i8, ptr %cells, i64 8
  %p = load ptr, ptr %pf, align 8, !tbaa !11
  %y = load double, ptr %p, !tbaa !5
  %r = fmul double %w0, %y
  ret double %r
}

; {x0 * 2, (the address of x[1]) + 0 computed as an integer}
define double @computed_lane(ptr %x) {
  %cells = alloca [2 x { double, ptr }], align 16
  %x0 = load double, ptr %x, !tbaa !5
  %w = fmul double %x0, 2.0
  %wb = bitcast double %w to i64
  %a = ptrtoint ptr %x to i64
  %a1 = add i64 %a, 8
  %b0 = insertelement <2 x i64> poison, i64 %wb, i64 0
  %bits = insertelement <2 x i64> %b0, i64 %a1, i64 1
  %ip = inttoptr <2 x i64> %bits to <2 x ptr>
  store <2 x ptr> %ip, ptr %cells, align 16, !tbaa !7
  %w0 = load double, ptr %cells, align 16, !tbaa !10
  %pf = getelementptr inbounds i8, ptr %cells, i64 8
  %p = load ptr, ptr %pf, align 8, !tbaa !11
  %y = load double, ptr %p, !tbaa !5
  %r = fmul double %w0, %y
  ret double %r
}

; 32 bytes holding 4 bytes of an int and 4 unknown ones, then &x[1]: read
; back as <2 x double>, the second lane's bits turned back into a pointer;
; the first lane's type nobody says, so the read is not split.  (A whole i64
; stored there is retyped as a double's bits, and the read then split: right.)
define double @pointer_in_doubles(ptr %x) {
  %cells = alloca [32 x i8], align 16
  %p1 = getelementptr inbounds double, ptr %x, i64 1
  store i32 7, ptr %cells, align 16, !tbaa !7
  %pf = getelementptr inbounds i8, ptr %cells, i64 8
  store ptr %p1, ptr %pf, align 8, !tbaa !14
  %v = load <2 x double>, ptr %cells, align 16, !tbaa !7
  %bits = bitcast <2 x double> %v to <2 x i64>
  %pi = extractelement <2 x i64> %bits, i64 1
  %p = inttoptr i64 %pi to ptr
  %y = load double, ptr %p, !tbaa !5
  %r = fmul double %y, %y
  ret double %r
}

define void @main(ptr %x, ptr %dx) {
  call double (...) @__enzyme_autodiff(ptr @unknown_lane, ptr %x, ptr %dx)
  ret void
}

!5 = !{!6, !6, i64 0}
!6 = !{!"double", !8, i64 0}
!7 = !{!8, !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!12, !6, i64 0}
!11 = !{!12, !13, i64 8}
!12 = !{!"", !6, i64 0, !13, i64 8}
!13 = !{!"any pointer", !8, i64 0}
!14 = !{!13, !13, i64 0}
