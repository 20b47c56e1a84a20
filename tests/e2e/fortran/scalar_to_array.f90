! A scalar assigned to a whole array that flang hands to its runtime's
! Assign (at -O0): a host's array read by an internal procedure (through
! the descriptor the host passes), of rank 1 and 2, assumed-shape dummies
! of rank 1 and 2 (`v = a`, the shape of every `v = 0`), and an allocated
! allocatable array.  Every element takes the scalar; a copy of only as
! many elements as the scalar has (one) left the others unset, their
! values whatever the stack held.  Reverse mode against central
! differences, forward mode against the gradient.
include 'central.inc'

module kernels
  use iso_c_binding
  implicit none
contains
  function host_vector(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, scale, acc(3)
    scale = x(1)
    acc = x(2) * scale
    call accumulate(x(4:6))
    s = acc(1) * acc(2) + acc(3)**2
  contains
    subroutine accumulate(v)
      real(c_double), intent(in) :: v(:)
      acc(1) = acc(1) + sum(v) * scale
      acc(3) = acc(3) + x(1) * v(2)
    end subroutine
  end function

  function host_matrix(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, m(2, 3)
    m = x(1)
    call touch()
    s = sum(m * m) + m(2, 3)
  contains
    subroutine touch()
      m(1, :) = m(1, :) + x(2:4)
      m(2, 2) = m(2, 2) * x(5)
    end subroutine
  end function

  function assumed_shape(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, y(4), m(3, 3)
    call fill(y, x(1) * x(2))
    call fill_matrix(m, x(3))
    m(2, :) = m(2, :) * x(4:6)
    s = sum(y * x(3:6)) + sum(m * m)
  end function

  subroutine fill(v, a)
    real(c_double), intent(out) :: v(:)
    real(c_double), intent(in) :: a
    v = a
    v(2) = v(2) * a
  end subroutine

  subroutine fill_matrix(m, a)
    real(c_double), intent(out) :: m(:, :)
    real(c_double), intent(in) :: a
    m = a
    m(:, 2) = a * 2
  end subroutine

  function allocatable_array(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s
    real(c_double), allocatable :: a(:)
    allocate(a(4))
    a = x(1) * x(2)
    a(2) = a(2) + x(3)
    s = sum(a * a) + a(4) * x(4)
  end function
end module

program scalar_to_array
  use iso_c_binding
  use enzyme
  use central
  use kernels
  implicit none
  integer, parameter :: n = 6
  real(c_double) :: x(n), dx(n), t(n)
  integer :: bad
  call sample(x)
  t = [0.3d0, -1.1d0, 0.7d0, 0.2d0, -0.4d0, 1.3d0]
  bad = 0
  dx = 0
  call enzyme_autodiff(c_funloc(host_vector), enzyme_dup, x, dx, enzyme_const, n)
  call check('host_vector', host_vector, x, dx, bad)
  call check_tangent('host_vector', enzyme_fwddiff(c_funloc(host_vector), enzyme_dup, x, t, &
                                                   enzyme_const, n), dx, t, 1d-9, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(host_matrix), enzyme_dup, x, dx, enzyme_const, n)
  call check('host_matrix', host_matrix, x, dx, bad)
  call check_tangent('host_matrix', enzyme_fwddiff(c_funloc(host_matrix), enzyme_dup, x, t, &
                                                   enzyme_const, n), dx, t, 1d-9, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(assumed_shape), enzyme_dup, x, dx, enzyme_const, n)
  call check('assumed_shape', assumed_shape, x, dx, bad)
  call check_tangent('assumed_shape', enzyme_fwddiff(c_funloc(assumed_shape), enzyme_dup, x, &
                                                     t, enzyme_const, n), dx, t, 1d-9, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(allocatable_array), enzyme_dup, x, dx, enzyme_const, n)
  call check('allocatable_array', allocatable_array, x, dx, bad)
  call check_tangent('allocatable_array', enzyme_fwddiff(c_funloc(allocatable_array), &
                                                         enzyme_dup, x, t, enzyme_const, n), &
                     dx, t, 1d-9, bad)
  if (bad /= 0) stop 1
end program
