! A local copy of a dummy array (`y = x`, a memcpy flang tags with its TBAA
! "any data access"), active values through module variables set by one
! helper and read by another, an intent(inout) array as the differentiated
! argument, dynamic sections with negative strides inside a negative-step
! loop, and dot_product / norm2 / sum / maxval of strided sections: each
! gradient against central differences.  The copy gave a zero gradient at
! -O1..-O3 while flang's TBAA names read as integers (analysis/tbaa.py).
include 'central.inc'

module kernels
  use iso_c_binding
  implicit none
  real(c_double) :: stash(3)
contains
  subroutine put(a, b)
    real(c_double), intent(in) :: a, b
    stash(1) = a * b
    stash(2) = stash(1) + a
  end subroutine

  real(c_double) function take()
    take = stash(1) * stash(2)
  end function

  function through_module(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s
    call put(x(1), x(3))
    s = take() + x(2) * stash(2)
  end function

  subroutine relax(y, n) bind(c)
    integer(c_int), value :: n
    real(c_double), intent(inout) :: y(n)
    integer :: i
    do i = n - 1, 2, -1
      y(i) = y(i) + 0.5d0 * (y(i - 1) + y(i + 1)) * y(i)
    end do
    y(1) = y(1) * y(n)
  end subroutine

  function relaxed(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, y(n)
    y = x
    call relax(y, n)
    s = sum(y**2)
  end function

  function dynamic_sections(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s
    integer :: i
    s = 0
    do i = n, 2, -1
      s = s + dot_product(x(i:1:-1), x(1:i)) / i
    end do
    s = s + norm2(x(n:1:-2)) * maxval(x(1:n:2)) + sum(x(n-1:1:-3)**3)
  end function
end module

program shapes2
  use iso_c_binding
  use enzyme
  use central
  use kernels
  implicit none
  integer, parameter :: n = 7
  real(c_double) :: x(n), dx(n), y(n), dy(n), yp(n), ym(n), h, want
  integer :: k, bad
  call sample(x)
  bad = 0
  dx = 0
  call enzyme_autodiff(c_funloc(through_module), enzyme_dup, x, dx, enzyme_const, n)
  call check('through_module', through_module, x, dx, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(relaxed), enzyme_dup, x, dx, enzyme_const, n)
  call check('relaxed', relaxed, x, dx, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(dynamic_sections), enzyme_dup, x, dx, enzyme_const, n)
  call check('dynamic_sections', dynamic_sections, x, dx, bad)
  ! relax differentiated directly: y updated in place, dy seeded with 1 on
  ! y(2): afterwards dy holds d y_out(2) / d y_in.
  y = x
  dy = 0
  dy(2) = 1
  call enzyme_autodiff(c_funloc(relax), enzyme_dup, y, dy, enzyme_const, n)
  do k = 1, n
    h = 1d-6 * (1 + abs(x(k)))
    yp = x
    yp(k) = x(k) + h
    ym = x
    ym(k) = x(k) - h
    call relax(yp, n)
    call relax(ym, n)
    want = (yp(2) - ym(2)) / (2 * h)
    if (.not. abs(dy(k) - want) <= 1d-6 * (1 + abs(want))) then
      print *, 'MISMATCH relax', k, ': got ', dy(k), ', want ', want
      bad = bad + 1
    end if
  end do
  if (bad /= 0) stop 1
end program
