! matmul of rank-2 arrays (a strided, reversed section among them), of a
! matrix by a vector and of a vector (a strided row) by a matrix, assigned
! to explicit-shape arrays and to an allocatable one (allocated by the
! assignment): flang calls its runtime's matmul and Assign
! (at every -O level), which are written out as loops.  Reverse mode
! against central differences, forward mode against the gradient.
module enzyme
  use iso_c_binding
  implicit none
  interface
    real(c_double) function autodiff(f, x, dx) bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_double
      type(c_funptr), value :: f
      real(c_double) :: x(*), dx(*)
    end function
    real(c_double) function fwddiff(f, x, dx) bind(c, name="__enzyme_fwddiff")
      import :: c_funptr, c_double
      type(c_funptr), value :: f
      real(c_double) :: x(*), dx(*)
    end function
  end interface
end module

module model
  use iso_c_binding
  implicit none
contains
  function f(x) bind(c) result(s)
    real(c_double), intent(in) :: x(3, 3)
    real(c_double) :: s, y(3, 3), z(3, 3), v(3), w(3)
    real(c_double), allocatable :: grown(:, :)
    y = matmul(x, x(:, 3:1:-1))
    z = matmul(y, x)
    v = matmul(x, x(:, 2))
    w = matmul(x(3, :), y)
    grown = matmul(z, x(:, 1:2))
    s = sum(y * y) + z(2, 1) - y(1, 3) + sum(v * w) + v(2) * w(3) + grown(3, 2) / 10
  end function
end module

program main
  use iso_c_binding
  use enzyme
  use model
  implicit none
  real(c_double) :: x(9), dx(9), t(9), s, h, fp, fm, keep, want, fwd
  integer :: i, bad
  do i = 1, 9
    x(i) = sin(1.0d0 * i)
    t(i) = cos(2.0d0 * i)
  end do
  dx = 0
  s = autodiff(c_funloc(f), x, dx)
  bad = 0
  h = 1d-6
  want = 0
  do i = 1, 9
    keep = x(i)
    x(i) = keep + h
    fp = f(x)
    x(i) = keep - h
    fm = f(x)
    x(i) = keep
    if (abs(dx(i) - (fp - fm) / (2 * h)) > 1d-6 * (1 + abs(dx(i)))) then
      print *, 'MISMATCH dx', i, dx(i), (fp - fm) / (2 * h)
      bad = 1
    end if
    want = want + t(i) * dx(i)
  end do
  fwd = fwddiff(c_funloc(f), x, t)
  if (abs(fwd - want) > 1d-9 * (1 + abs(want))) then
    print *, 'MISMATCH forward', fwd, want
    bad = 1
  end if
  if (bad /= 0) stop 1
end program
