! product, maxval, minval and norm2 of whole arrays (flang calls its runtime
! for them at -O0, and for product and norm2 at every level): of a rank-1
! array, of a strided section, of a rank-2 array, in real(8) and real(4).
!   f(x) = product(x(1:n:2)) + maxval(m)**2 - 3 minval(x) + maxval(x4)
!          + norm2(m) + 1e-200 norm2(1e200 x(1:n:2)) + norm2(x4)
! where m(i, j) = x(i) * x(j + 1) and x4 = real(x, 4); the scaled section's
! plain sum of squares would overflow.  The real(8) gradient is checked
! against central differences; the real(4) terms against their exact
! derivatives: maxval's is 1 at its maximum, 0 elsewhere (no ties among
! these values), norm2's x_i / norm2(x).
module enzyme
  use iso_c_binding
  implicit none
  interface
    subroutine enzyme_autodiff(f, x, dx, n) bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_int, c_double
      type(c_funptr), value :: f
      integer(c_int), value :: n
      real(c_double) :: x(*), dx(*)
    end subroutine
  end interface
end module

module model
  use iso_c_binding
  implicit none
contains
  function objective(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, m(n - 1, n - 1)
    real(4) :: x4(n)
    integer :: i, j
    do j = 1, n - 1
      do i = 1, n - 1
        m(i, j) = x(i) * x(j + 1)
      end do
    end do
    x4 = real(x, 4)
    s = product(x(1:n:2)) + maxval(m)**2 - 3 * minval(x) + maxval(x4) &
        + norm2(m) + 1d-200 * norm2(1d200 * x(1:n:2)) + norm2(x4)
  end function
end module

program extrema
  use iso_c_binding
  use enzyme
  use model
  implicit none
  integer, parameter :: n = 5
  real(c_double) :: x(n), dx(n), xp(n), xm(n), fd, h
  integer :: i, bad
  x = [0.7d0, -1.3d0, 1.1d0, 0.4d0, -0.6d0]
  dx = 0
  call enzyme_autodiff(c_funloc(objective), x, dx, n)
  bad = 0
  h = 1d-4
  do i = 1, n
    xp = x
    xm = x
    xp(i) = x(i) + h
    xm(i) = x(i) - h
    ! the real(4) terms' difference is too coarse at this step: their exact
    ! derivatives stand in for it
    fd = (objective(xp, n) - single_terms(xp) - objective(xm, n) + single_terms(xm)) &
         / (2 * h) + x(i) / norm2(x)
    if (i == maxloc(x, 1)) fd = fd + 1
    if (abs(fd - dx(i)) > 1d-6 * (1 + abs(fd))) then
      print *, 'MISMATCH', i, dx(i), fd
      bad = 1
    end if
  end do
  if (bad /= 0) stop 1
contains
  ! the real(4) terms of the objective, each widened as it does
  real(c_double) function single_terms(x)
    real(c_double), intent(in) :: x(:)
    single_terms = real(maxval(real(x, 4)), c_double) + real(norm2(real(x, 4)), c_double)
  end function
end program
