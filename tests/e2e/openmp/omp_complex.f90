! FFLAGS: -fopenmp
! A parallel loop reading complex numbers that all threads share: flang
! loads a complex(8) whole ({double, double}), and several threads read one
! z(k) and one v(j), so the reverse adds each field of the loaded value's
! adjoint atomically.  It also stores complex results whole.  With
! w = z(k(i)) = a + ib, u = v(j(i)) = c + id:
!   y(i) = Re(w**2) + i Im(w)      dy/da = 2a, dy/db = i - 2b
!   out(i) = w * u                 Re = ac - bd, Im = ad + bc
! against the closed form, the output shadows seeded with weights.
module enzyme
  use iso_c_binding
  implicit none
  integer(c_int), bind(c, name="enzyme_dup") :: enzyme_dup
  integer(c_int), bind(c, name="enzyme_const") :: enzyme_const
  interface
    subroutine enzyme_autodiff(f, m1, z, dz, m2, v, dv, m3, y, dy, m4, out, dout, m5, n) &
        bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_int, c_double, c_double_complex
      type(c_funptr), value :: f
      integer(c_int), value :: m1, m2, m3, m4, m5, n
      complex(c_double_complex) :: z(*), dz(*), v(*), dv(*), out(*), dout(*)
      real(c_double) :: y(*), dy(*)
    end subroutine
  end interface
end module

module model
  use iso_c_binding
  implicit none
contains
  subroutine spread(z, v, y, out, n) bind(c)
    integer(c_int), value :: n
    complex(c_double_complex), intent(in) :: z(3), v(2)
    real(c_double), intent(out) :: y(n)
    complex(c_double_complex), intent(out) :: out(n)
    complex(c_double_complex) :: w
    integer :: i
    !$omp parallel do private(w)
    do i = 1, n
      w = z(mod(i, 3) + 1)
      y(i) = real(w * w) + aimag(w) * i
      out(i) = w * v(mod(i, 2) + 1)
    end do
    !$omp end parallel do
  end subroutine
end module

program omp_complex
  use iso_c_binding
  use enzyme
  use model
  implicit none
  integer, parameter :: n = 17
  complex(c_double_complex) :: z(3), dz(3), v(2), dv(2), out(n), dout(n), wz(3), wv(2), w, u
  real(c_double) :: y(n), dy(n), dre, dim
  integer :: i, k, j, bad
  z = [(0.3d0, 0.7d0), (-0.4d0, 1.1d0), (0.9d0, 0.2d0)]
  v = [(0.5d0, -0.6d0), (1.3d0, 0.4d0)]
  dz = 0
  dv = 0
  wz = 0
  wv = 0
  do i = 1, n
    dy(i) = 1 + 0.1d0 * i
    dout(i) = cmplx(0.5d0 - 0.05d0 * i, 0.2d0 * mod(i, 4), kind=c_double)
    k = mod(i, 3) + 1
    j = mod(i, 2) + 1
    w = z(k)
    u = v(j)
    dre = real(dout(i))
    dim = aimag(dout(i))
    wz(k) = wz(k) + cmplx(dy(i) * 2 * real(w) + dre * real(u) + dim * aimag(u), &
                          dy(i) * (i - 2 * aimag(w)) - dre * aimag(u) + dim * real(u), &
                          kind=c_double)
    wv(j) = wv(j) + cmplx(dre * real(w) + dim * aimag(w), -dre * aimag(w) + dim * real(w), &
                          kind=c_double)
  end do
  call enzyme_autodiff(c_funloc(spread), enzyme_dup, z, dz, enzyme_dup, v, dv, &
                       enzyme_dup, y, dy, enzyme_dup, out, dout, enzyme_const, n)
  bad = 0
  do k = 1, 3
    if (abs(dz(k) - wz(k)) > 1d-12 * (1 + abs(wz(k)))) then
      print *, 'MISMATCH dz(', k, '): got', dz(k), 'want', wz(k)
      bad = 1
    end if
  end do
  do j = 1, 2
    if (abs(dv(j) - wv(j)) > 1d-12 * (1 + abs(wv(j)))) then
      print *, 'MISMATCH dv(', j, '): got', dv(j), 'want', wv(j)
      bad = 1
    end if
  end do
  if (any(dy /= 0) .or. any(dout /= 0)) then
    print *, 'MISMATCH: the output shadows were not consumed'
    bad = 1
  end if
  if (bad /= 0) stop 1
end program
