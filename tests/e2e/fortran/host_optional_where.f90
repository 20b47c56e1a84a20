! Internal procedures reading and writing host variables (flang passes
! them a tuple of the host's addresses), optional arguments, a save
! variable, where/elsewhere and forall, an overlapping assignment through
! a temporary (y(2:n) = y(1:n-1)) and a local allocatable: each gradient
! against central differences.
include 'central.inc'

module kernels
  use iso_c_binding
  implicit none
contains

  function host(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, acc
    integer :: i
    acc = 0
    do i = 1, n
      call add(x(i), i)
    end do
    s = acc * x(1)
  contains
    subroutine add(v, k)
      real(c_double), intent(in) :: v
      integer, intent(in) :: k
      acc = acc + v * v * k + sin(x(k))
    end subroutine
  end function

  real(c_double) function weighted(v, w)
    real(c_double), intent(in) :: v
    real(c_double), intent(in), optional :: w
    if (present(w)) then
      weighted = v * w
    else
      weighted = v ** 3
    end if
  end function

  function optional_save(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s
    real(c_double), save :: last = 0
    last = x(2) * 2
    s = weighted(x(1)) + weighted(x(2), x(3)) + last * x(4)
  end function

  function masked(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, y(n)
    real(c_double), allocatable :: z(:)
    integer :: i
    y = 0
    where (x > 0)
      y = x ** 2
    elsewhere
      y = -x
    end where
    forall (i = 1:n) y(i) = y(i) + x(n + 1 - i) * i
    y(2:n) = y(1:n-1)
    allocate(z(n))
    z = y * x
    s = sum(z) + y(1)
    deallocate(z)
  end function
end module

program host_optional_where
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
  call enzyme_autodiff(c_funloc(host), enzyme_dup, x, dx, enzyme_const, n)
  call check('host', host, x, dx, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(optional_save), enzyme_dup, x, dx, enzyme_const, n)
  call check('optional_save', optional_save, x, dx, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(masked), enzyme_dup, x, dx, enzyme_const, n)
  call check('masked', masked, x, dx, bad)
  if (bad /= 0) stop 1
end program
