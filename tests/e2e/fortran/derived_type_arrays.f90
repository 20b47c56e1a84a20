! An array of a derived type: p%x and p%y are sections strided by the
! type's size, summed and dotted (flang's runtime at -O0).  Refused at -O0
! with the line: flang's descriptor of the array holds the address of the
! type's description (a constant global) beside the data's, and the
! constant one has no shadow to build the shadow descriptor from.
! XFAIL: -O0 a descriptor holding the constant type description beside active data is refused
include 'central.inc'

module kernels
  use iso_c_binding
  implicit none
  type :: point
    real(c_double) :: x, y
    integer :: tag
  end type
contains
  function points(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s
    type(point) :: p(n)
    integer :: i
    do i = 1, n
      p(i)%x = x(i)
      p(i)%y = x(n + 1 - i) ** 2
      p(i)%tag = i
    end do
    s = sum(p%x * p%y) + dot_product(p(1:n:2)%y, p(1:n:2)%x)
  end function
end module

program derived_type_arrays
  use iso_c_binding
  use enzyme
  use central
  use kernels
  implicit none
  integer, parameter :: n = 6
  real(c_double) :: x(n), dx(n)
  integer :: bad
  call sample(x)
  bad = 0
  dx = 0
  call enzyme_autodiff(c_funloc(points), enzyme_dup, x, dx, enzyme_const, n)
  call check('points', points, x, dx, bad)
  if (bad /= 0) stop 1
end program
