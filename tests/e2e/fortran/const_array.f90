! An array passed enzyme_const: at -O0 flang stores its address in the
! descriptors of dot_product's and sum's operands (a strided section among
! them), stack memory beside shadowed descriptors; it carries no
! derivative, so it is differentiated, not refused.  The gradient of
!   f(x) = dot_product(x, w) + sum(x**2) sum(w) + sum(w(1:n:2)) sum(x(2:n:2))
! is checked against its closed form w + 2 x sum(w) (+ sum(w(1:n:2)) at even i).
module enzyme
  use iso_c_binding
  implicit none
  integer(c_int), bind(c, name="enzyme_dup") :: enzyme_dup
  integer(c_int), bind(c, name="enzyme_const") :: enzyme_const
  interface
    subroutine enzyme_autodiff(f, m1, x, dx, m2, w, m3, n) bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_int, c_double
      type(c_funptr), value :: f
      integer(c_int), value :: m1, m2, m3, n
      real(c_double) :: x(*), dx(*), w(*)
    end subroutine
  end interface
end module
module model
  use iso_c_binding
  implicit none
contains
  function objective(x, w, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n), w(n)
    real(c_double) :: s
    s = dot_product(x, w) + sum(x * x) * sum(w) + sum(w(1:n:2)) * sum(x(2:n:2))
  end function
end module
program const_array
  use iso_c_binding
  use enzyme
  use model
  real(c_double) :: x(4), dx(4), w(4)
  integer :: i, bad
  x = [0.5d0, -1d0, 2d0, 0.25d0]
  w = [1d0, 2d0, -3d0, 0.5d0]
  dx = 0
  call enzyme_autodiff(c_funloc(objective), enzyme_dup, x, dx, enzyme_const, w, enzyme_const, 4)
  bad = 0
  do i = 1, 4
    if (abs(dx(i) - (w(i) + 2 * x(i) * sum(w) + merge(sum(w(1:4:2)), 0d0, mod(i, 2) == 0))) > 1d-12 * (1 + abs(dx(i)))) then
      print *, 'MISMATCH', i, dx(i); bad = 1
    end if
  end do
  if (bad /= 0) stop 1
end program
