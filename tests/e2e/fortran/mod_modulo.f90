! mod and modulo of reals (flang calls its runtime's ModReal8, ModuloReal8,
! ModReal4 at every -O level), for each sign of a and p, a below p,
! integral operands (the runtime's exact case), and an infinite p (mod(a,
! p) is a, modulo(a, p) NaN).  y(i) = mod(a, p) + 2 modulo(a, p)
! + 3 mod(a4, p4) + 4 modulo(a4, p4), with (a, p) = (x(i), x(k + i)) and
! a4, p4 their real(4) values.  The values the differentiated function
! computes are compared with the runtime's, the reverse and forward
! derivatives with their closed forms: d/da 1, d/dp -aint(a/p) for mod and
! -floor(a/p) for modulo.
module enzyme
  use iso_c_binding
  implicit none
  integer(c_int), bind(c, name="enzyme_dup") :: enzyme_dup
  integer(c_int), bind(c, name="enzyme_const") :: enzyme_const
  interface
    subroutine enzyme_autodiff(f, m1, x, dx, m2, y, dy, m3, k) bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_int, c_double
      type(c_funptr), value :: f
      integer(c_int), value :: m1, m2, m3, k
      real(c_double) :: x(*), dx(*), y(*), dy(*)
    end subroutine
    subroutine enzyme_fwddiff(f, m1, x, dx, m2, y, dy, m3, k) bind(c, name="__enzyme_fwddiff")
      import :: c_funptr, c_int, c_double
      type(c_funptr), value :: f
      integer(c_int), value :: m1, m2, m3, k
      real(c_double) :: x(*), dx(*), y(*), dy(*)
    end subroutine
  end interface
end module

module kernels
  use iso_c_binding
  implicit none
contains
  subroutine remainders(x, y, k) bind(c)
    integer(c_int), value :: k
    real(c_double), intent(in) :: x(2 * k)
    real(c_double), intent(out) :: y(k)
    integer :: i
    real(4) :: a4, p4
    do i = 1, k
      a4 = real(x(i), 4)
      p4 = real(x(k + i), 4)
      y(i) = mod(x(i), x(k + i)) + 2 * modulo(x(i), x(k + i)) &
             + 3 * mod(a4, p4) + 4 * modulo(a4, p4)
    end do
  end subroutine
end module

program mod_modulo
  use iso_c_binding
  use enzyme
  use kernels
  implicit none
  integer, parameter :: k = 9
  real(c_double) :: x(2 * k), dx(2 * k), t(2 * k), y(k), dy(k), w(k), want(k), ty(k)
  real(c_double) :: da, dp, a, p
  integer :: i, bad
  x = [5.3d0, -5.3d0, 5.3d0, -5.3d0, -7d0, 7d0, 0.7d0, -0.7d0, -1.5d0, &
       2d0, 2d0, -2d0, -2d0, 3d0, -3d0, 2.5d0, 2.5d0, huge(1d0)]
  x(2 * k) = x(2 * k) * 2
  do i = 1, k
    w(i) = 1d0 / i - 0.3d0
  end do
  t = [(sin(1.3d0 * i), i = 1, 2 * k)]
  bad = 0
  do i = 1, k
    a = x(i)
    p = x(k + i)
    want(i) = mod(a, p) + 2 * modulo(a, p) + 3 * mod(real(a, 4), real(p, 4)) &
              + 4 * modulo(real(a, 4), real(p, 4))
  end do
  dx = 0
  dy = w
  y = 0
  call enzyme_autodiff(c_funloc(remainders), enzyme_dup, x, dx, enzyme_dup, y, dy, &
                       enzyme_const, k)
  ty = 0
  call enzyme_fwddiff(c_funloc(remainders), enzyme_dup, x, t, enzyme_dup, y, ty, &
                      enzyme_const, k)
  do i = 1, k
    a = x(i)
    p = x(k + i)
    da = 1 + 2 + 3 + 4
    dp = -aint(a / p) - 2 * floor(a / p) - 3 * aint(real(a, 4) / real(p, 4)) &
         - 4 * floor(real(a, 4) / real(p, 4))
    if (y(i) /= want(i) .and. .not. (y(i) /= y(i) .and. want(i) /= want(i))) then
      print *, 'MISMATCH value', i, ': got ', y(i), ', want ', want(i)
      bad = bad + 1
    end if
    if (abs(p) > huge(p)) cycle
    ! (the real(4) terms' adjoints are rounded to real(4))
    if (abs(dx(i) - w(i) * da) > 1d-6 * abs(w(i) * da) .or. &
        abs(dx(k + i) - w(i) * dp) > 1d-6 * (1 + abs(w(i) * dp))) then
      print *, 'MISMATCH reverse', i, ': got ', dx(i), dx(k + i), ', want ', w(i) * da, w(i) * dp
      bad = bad + 1
    end if
    if (abs(ty(i) - (da * t(i) + dp * t(k + i))) > 1d-6 * (1 + abs(ty(i)))) then
      print *, 'MISMATCH forward', i, ': got ', ty(i), ', want ', da * t(i) + dp * t(k + i)
      bad = bad + 1
    end if
  end do
  if (bad /= 0) stop 1
end program
