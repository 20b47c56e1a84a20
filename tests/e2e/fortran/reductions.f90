! sum over arrays of rank 1 and 2, dot_product, and print inside the
! differentiated function (flang calls its runtime for sum and dot_product
! at -O0).  f(x, w) = sum(x**2) + dot_product(x, w) + sum(outer(x, x)) / 2
! + sum(x(1:n:2)) * dot_product(w(2:n:2), w(1:n-1:2)), so df/dx_i = 2 x_i + w_i
! + sum(x) (+ the dot product for odd i) and df/dw_i = x_i + the strided
! terms.  (const_array.f90 passes such a w enzyme_const.)
module enzyme
  use iso_c_binding
  implicit none
  integer(c_int), bind(c, name="enzyme_dup") :: enzyme_dup
  integer(c_int), bind(c, name="enzyme_const") :: enzyme_const
  interface
    subroutine enzyme_autodiff(f, m1, x, dx, m2, w, dw, m3, n) &
        bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_int, c_double
      type(c_funptr), value :: f
      integer(c_int), value :: m1, m2, m3, n
      real(c_double) :: x(*), dx(*), w(*), dw(*)
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
    real(c_double) :: s, outer(n, n)
    integer :: i, j
    do j = 1, n
      do i = 1, n
        outer(i, j) = x(i) * x(j)
      end do
    end do
    s = sum(x * x) + dot_product(x, w) + sum(outer) / 2 &
        + sum(x(1:n:2)) * dot_product(w(2:n:2), w(1:n-1:2))
    print *, 'objective =', s
  end function
end module

program reductions
  use iso_c_binding
  use enzyme
  use model
  implicit none
  integer, parameter :: n = 5
  real(c_double) :: x(n), dx(n), w(n), dw(n), want, odd, pairs, want_w
  integer :: i, bad
  do i = 1, n
    x(i) = 0.3d0 * i - 0.7d0
    w(i) = 1.0d0 / i
  end do
  dx = 0
  dw = 0
  call enzyme_autodiff(c_funloc(objective), enzyme_dup, x, dx, enzyme_dup, w, dw, &
                       enzyme_const, n)
  bad = 0
  odd = sum(x(1:n:2))
  pairs = dot_product(w(2:n:2), w(1:n-1:2))
  do i = 1, n
    want = 2 * x(i) + w(i) + sum(x)
    want_w = x(i)
    if (mod(i, 2) == 1) then
      want = want + pairs
      if (i + 1 <= n) want_w = want_w + odd * w(i + 1)
    else
      want_w = want_w + odd * w(i - 1)
    end if
    if (abs(dx(i) - want) > 1d-12 * (1 + abs(want))) then
      print *, 'MISMATCH dx(', i, '): got', dx(i), 'want', want
      bad = 1
    end if
    if (abs(dw(i) - want_w) > 1d-12 * (1 + abs(want_w))) then
      print *, 'MISMATCH dw(', i, '): got', dw(i), 'want', want_w
      bad = 1
    end if
  end do
  if (bad /= 0) stop 1
end program
