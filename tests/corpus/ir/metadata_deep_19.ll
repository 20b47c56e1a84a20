; LLVM: 19
; Metadata nested deeper than the 8 levels the grammar once allowed: tuples
; inside tuples, on one line and over several lines with comments; and a
; ThinLTO type-id entry over several lines, 7 levels of parentheses deep.

^0 = module: (path: "deep.o", hash: (1, 2, 3, 4, 5))
^1 = typeid: (name: "_ZTS1A", summary: (typeTestRes: (kind: allOnes, sizeM1BitWidth: 7),
    wpdResolutions: ((offset: 0, wpdRes: (kind: branchFunnel)),
      (offset: 16, wpdRes: (kind: indir, resByArg: (args: (1, 2), byArg: (kind: uniformRetVal, info: 1))))))) ; guid = 7004155349499253778

define void @f() !annotation !0 {
  ret void
}

!llvm.deep = !{!0, !1}
!0 = !{!{!{!{!{!{!{!{!{!{!{!{!"leaf"}, i32 0}, i32 1}, i32 2}, i32 3}, i32 4}, i32 5}, i32 6}, i32 7}, i32 8}, i32 9}, i32 10}
!1 = distinct !{ ; level 0
  !{ ; level 1
    !{ ; level 2
      !{ ; level 3
        !{ ; level 4
          !{ ; level 5
            !{ ; level 6
              !{ ; level 7
                !{ ; level 8
                  !{ ; level 9
                    !{ ; level 10
                      !{ ; level 11
                        i64 12
                      } ; closes 11
                    } ; closes 10
                  } ; closes 9
                } ; closes 8
              } ; closes 7
            } ; closes 6
          } ; closes 5
        } ; closes 4
      } ; closes 3
    } ; closes 2
  } ; closes 1
} ; closes 0
