! real(4) throughout: matmul of a matrix by a vector and of a vector by a
! matrix (_FortranAMatmulReal4Real4) into allocatable arrays the assignment
! allocates, norm2 (_FortranANorm2_4), sum and maxval.  The gradient is
! checked against central differences in real(4): at a step of 1e-2 they
! are good to about 1e-4 (truncation and rounding), a wrong term is off by
! far more.
module enzyme
  use iso_c_binding
  implicit none
  interface
    subroutine enzyme_autodiff(f, p, dp) bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_float
      type(c_funptr), value :: f
      real(c_float) :: p(*), dp(*)
    end subroutine
  end interface
end module
module m4
  use iso_c_binding
  implicit none
contains
  function g(p) bind(c) result(s)
    real(c_float), intent(in) :: p(6)
    real(c_float) :: s, a(2, 3)
    real(c_float), allocatable :: y(:), z(:)
    a = 0.5
    a(1, :) = p(1:3)
    a(2, :) = p(4:6)
    y = matmul(a, p(1:3))
    z = matmul(p(5:6), a)
    s = norm2(y) + sum(z * z) + maxval(z)
  end function
end module
program single_precision
  use iso_c_binding
  use enzyme
  use m4
  real(c_float) :: p(6), dp(6), keep, up, down, fd
  real(c_float), parameter :: h = 1e-2
  integer :: i, bad
  p = [0.3, -0.6, 0.9, 0.2, 0.7, -0.4]
  dp = 0
  call enzyme_autodiff(c_funloc(g), p, dp)
  bad = 0
  do i = 1, 6
    keep = p(i); p(i) = keep + h; up = g(p); p(i) = keep - h; down = g(p); p(i) = keep
    fd = (up - down) / (2 * h)
    if (abs(dp(i) - fd) > 5e-4 * (1 + abs(fd))) then
      print *, 'MISMATCH', i, dp(i), fd; bad = 1
    end if
  end do
  if (bad /= 0) stop 1
end program
