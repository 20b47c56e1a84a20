! maxval and minval where the runtime's IEEE rules decide which element is
! picked: a NaN is skipped while any other value is left, equal values
! (all -Inf here) give the first, or, in flang's own loops at -O1+, none.  f = maxval(x) + 2 minval(x); the gradient
! is 1 at the maximum and 2 at the minimum, 0 elsewhere.  Written out at -O0
! (the runtime's calls); flang inlines them at -O1 and above.
module model
  use iso_c_binding
  implicit none
contains
  function f(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s
    s = maxval(x) + 2 * minval(x)
  end function
end module

program extrema_ieee
  use, intrinsic :: ieee_arithmetic
  use iso_c_binding
  use model
  implicit none
  interface
    real(c_double) function autodiff(f, x, dx, n) bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_double, c_int
      type(c_funptr), value :: f
      real(c_double) :: x(*), dx(*)
      integer(c_int), value :: n
    end function
  end interface
  real(c_double) :: x(4), dx(4), s, nan, inf
  integer :: bad
  nan = ieee_value(1d0, ieee_quiet_nan)
  inf = ieee_value(1d0, ieee_positive_inf)
  bad = 0
  x = [nan, 1.5d0, nan, 3.25d0]
  dx = 0
  s = autodiff(c_funloc(f), x, dx, 4)
  if (any(dx /= [0d0, 2d0, 0d0, 1d0])) then
    print *, 'MISMATCH with NaNs:', dx
    bad = 1
  end if
  x = -inf
  dx = 0
  s = autodiff(c_funloc(f), x, dx, 4)
  ! -O0 (our write-out) picks the first element for both; flang's own loops
  ! at -O1+ start at -Inf and pick none for maxval (a constant result)
  if (any(dx(2:4) /= 0) .or. (dx(1) /= 3 .and. dx(1) /= 2)) then
    print *, 'MISMATCH all -Inf:', dx
    bad = 1
  end if
  if (bad /= 0) stop 1
end program
