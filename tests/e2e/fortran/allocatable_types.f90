! An allocatable work array allocated inside the differentiated function,
! a derived type (bind(c), passed by reference, with a shadow for its
! gradient), an internal procedure reading its host's variables, and print.
! f(x, p) = sum_i p%a * y_i**2 with y_i = x_i * x_{i+1} + p%b (cyclic),
! checked against central differences in x, p%a and p%b.
module enzyme
  use iso_c_binding
  implicit none
  integer(c_int), bind(c, name="enzyme_dup") :: enzyme_dup
  integer(c_int), bind(c, name="enzyme_const") :: enzyme_const
end module

module model
  use iso_c_binding
  implicit none
  type, bind(c) :: params
    real(c_double) :: a, b
  end type
contains
  function energy(x, p, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    type(params), intent(in) :: p
    real(c_double) :: s
    real(c_double), allocatable :: y(:)
    integer :: i
    allocate(y(n))
    do i = 1, n
      y(i) = x(i) * x(mod(i, n) + 1) + p%b
    end do
    s = 0
    do i = 1, n
      s = s + weighted(y(i))
    end do
    print '(a, f12.6)', ' energy =', s
    deallocate(y)
  contains
    function weighted(v) result(r)
      real(c_double), intent(in) :: v
      real(c_double) :: r
      r = p%a * v * v
    end function
  end function
end module

program allocatable_types
  use iso_c_binding
  use enzyme
  use model
  implicit none
  interface
    subroutine enzyme_autodiff(f, m1, x, dx, m2, p, dp, m3, n) &
        bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_int, c_double, params
      type(c_funptr), value :: f
      integer(c_int), value :: m1, m2, m3, n
      real(c_double) :: x(*), dx(*)
      type(params) :: p, dp
    end subroutine
  end interface
  integer, parameter :: n = 6
  real(c_double), allocatable :: x(:), dx(:), up(:), down(:)
  type(params) :: p, dp, pu, pd
  real(c_double) :: want, h
  integer :: i, bad
  allocate(x(n), dx(n), up(n), down(n))
  do i = 1, n
    x(i) = sin(1.0d0 * i)
  end do
  dx = 0
  p = params(1.5d0, -0.25d0)
  dp = params(0, 0)
  call enzyme_autodiff(c_funloc(energy), enzyme_dup, x, dx, enzyme_dup, p, dp, enzyme_const, n)
  h = 1d-6
  bad = 0
  do i = 1, n
    up = x
    down = x
    up(i) = up(i) + h
    down(i) = down(i) - h
    want = (energy(up, p, n) - energy(down, p, n)) / (2 * h)
    if (abs(dx(i) - want) > 1d-6 * (1 + abs(want))) then
      print *, 'MISMATCH dx(', i, '): got', dx(i), 'want', want
      bad = 1
    end if
  end do
  pu = p
  pd = p
  pu%a = p%a + h
  pd%a = p%a - h
  call check('dp%a', dp%a, (energy(x, pu, n) - energy(x, pd, n)) / (2 * h))
  pu = p
  pd = p
  pu%b = p%b + h
  pd%b = p%b - h
  call check('dp%b', dp%b, (energy(x, pu, n) - energy(x, pd, n)) / (2 * h))
  if (bad /= 0) stop 1
contains
  subroutine check(what, got, expected)
    character(*), intent(in) :: what
    real(c_double), intent(in) :: got, expected
    if (abs(got - expected) > 1d-6 * (1 + abs(expected))) then
      print *, 'MISMATCH ', what, ': got', got, 'want', expected
      bad = 1
    end if
  end subroutine
end program
