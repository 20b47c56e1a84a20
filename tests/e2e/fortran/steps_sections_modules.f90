! Array sections with negative strides, DO loops with non-unit and
! negative steps, assumed-shape arrays (descriptors), elemental functions,
! intent(inout) helpers, module variables and intrinsics (norm2, maxval,
! matmul of a vector by a matrix, merge): each gradient against central differences.
include 'central.inc'

module kernels
  use iso_c_binding
  implicit none
  real(c_double) :: weight = 1.5d0
  real(c_double) :: last_value = 0
contains
  elemental real(c_double) function soft(v)
    real(c_double), intent(in) :: v
    soft = log(1 + exp(v)) * v
  end function

  real(c_double) function wsum(a)
    real(c_double), intent(in) :: a(:)
    integer :: i
    wsum = 0
    do i = 1, size(a)
      wsum = wsum + i * a(i)**2
    end do
  end function

  subroutine scale_inplace(a, f)
    real(c_double), intent(inout) :: a(:)
    real(c_double), intent(in) :: f
    a = a * f + a(size(a):1:-1)
  end subroutine

  function steps(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s
    integer :: i
    s = 0
    do i = n, 1, -2
      s = s + x(i) * x(max(i - 1, 1))
    end do
    do i = 1, n, 3
      s = s + sin(x(i))
    end do
  end function

  function sections(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s
    s = wsum(x(n:1:-1)) + wsum(x(1:n:2)) * wsum(x(2:n-1))
  end function

  function elemental_inout(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, y(n)
    y = soft(x)
    call scale_inplace(y, x(1))
    s = sum(y * y)
  end function

  function module_state(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s
    last_value = x(2) * weight
    s = last_value * x(1) + weight * sum(x)
  end function

  function intrinsics(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, a(n, n), y(n)
    integer :: i, j
    do j = 1, n
      do i = 1, n
        a(i, j) = x(i) - 0.5d0 * x(j) + i * j
      end do
    end do
    y = matmul(x, a)
    s = norm2(x) * maxval(y) + sum(merge(x, -x, x > 0)) + minval(abs(x - 0.5d0))
  end function
end module

program shapes
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
  call enzyme_autodiff(c_funloc(steps), enzyme_dup, x, dx, enzyme_const, n)
  call check('steps', steps, x, dx, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(sections), enzyme_dup, x, dx, enzyme_const, n)
  call check('sections', sections, x, dx, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(elemental_inout), enzyme_dup, x, dx, enzyme_const, n)
  call check('elemental_inout', elemental_inout, x, dx, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(module_state), enzyme_dup, x, dx, enzyme_const, n)
  call check('module_state', module_state, x, dx, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(intrinsics), enzyme_dup, x, dx, enzyme_const, n)
  call check('intrinsics', intrinsics, x, dx, bad)
  if (bad /= 0) stop 1
end program
