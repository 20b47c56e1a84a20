! Array sections passed to explicit-shape dummies: flang tests the section
! (_FortranAIsContiguous) and, where it is not contiguous, copies it to a
! temporary (CopyInAssign) that the callee sees and copies the temporary
! back (CopyOutAssign; only freed for an intent(in) dummy).  Strided and
! reversed sections, a matrix row, a contiguous column (no copy), a rank-2
! section, a component of an array of derived type, real(4), an
! assumed-shape dummy passed on, a host's matrix from an internal
! procedure.  Reverse mode against central differences, forward mode
! against the gradient.
include 'central.inc'

module kernels
  use iso_c_binding
  implicit none
  type :: point
    real(c_double) :: x, y
  end type
contains
  subroutine scale3(v, a)
    real(c_double), intent(inout) :: v(3)
    real(c_double), intent(in) :: a
    v = v * a + v(3:1:-1) ** 2
  end subroutine

  real(c_double) function weigh3(v)
    real(c_double), intent(in) :: v(3)
    weigh3 = v(1) + 2 * v(2) ** 2 + 3 * v(3) ** 3
  end function

  subroutine scale_block(b, a)
    real(c_double), intent(inout) :: b(2, 3)
    real(c_double), intent(in) :: a
    b(:, 2) = b(:, 2) * a + b(:, 3)
    b(1, :) = b(1, :) ** 2
  end subroutine

  subroutine scale3_single(v, a)
    real(4), intent(inout) :: v(3)
    real(4), intent(in) :: a
    v = v * a + v(3:1:-1)
  end subroutine

  subroutine pass_on(v)
    real(c_double), intent(inout) :: v(:)
    call scale3(v, v(2))
    call scale3(v(3:1:-1), 2d0)
  end subroutine

  function sections(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, y(6), m(3, 3)
    integer :: i
    y = x * x(1)
    call scale3(y(1:6:2), x(2))
    do i = 1, 3
      m(i, :) = x(i:i + 2)
    end do
    call scale3(m(2, :), x(3))
    call scale3(m(:, 3), x(4))
    call scale3(y(6:2:-2), m(2, 2))
    s = sum(y * x) + sum(m * m) + weigh3(m(3, :)) * weigh3(y(2:6:2))
  end function

  function shapes(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, m(3, 3), y(6)
    type(point) :: p(3)
    real(4) :: q(2, 3)
    integer :: i
    do i = 1, 3
      m(:, i) = x(i:i + 2) * x(i + 3)
      p(i)%x = x(i)
      p(i)%y = x(7 - i)
    end do
    call scale_block(m(1:3:2, :), x(5))
    call scale3(p%y, x(1))
    q = real(m(1:2, :), 4)
    call scale3_single(q(2, :), real(x(6), 4))
    y = x
    call pass_on(y(1:6:2))
    s = sum(m * m) + sum(p%x * p%y) + sum(q) + sum(y * x)
  end function

  function host(x, n) bind(c) result(s)
    integer(c_int), value :: n
    real(c_double), intent(in) :: x(n)
    real(c_double) :: s, m(3, 3)
    integer :: i
    do i = 1, 3
      m(i, :) = x(i:i + 2) * x(i + 3)
    end do
    call inner()
    s = sum(m * m) + m(3, 1)
  contains
    subroutine inner()
      call scale3(m(1, :), x(1))
      call scale3(m(:, 2), m(3, 3))
    end subroutine
  end function
end module

program copy_in_out
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
  call enzyme_autodiff(c_funloc(sections), enzyme_dup, x, dx, enzyme_const, n)
  call check('sections', sections, x, dx, bad)
  call check_tangent('sections', enzyme_fwddiff(c_funloc(sections), enzyme_dup, x, t, &
                                                enzyme_const, n), dx, t, 1d-7, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(shapes), enzyme_dup, x, dx, enzyme_const, n)
  call check_single('shapes', shapes)
  call check_tangent('shapes', enzyme_fwddiff(c_funloc(shapes), enzyme_dup, x, t, &
                                              enzyme_const, n), dx, t, 1d-7, bad)
  dx = 0
  call enzyme_autodiff(c_funloc(host), enzyme_dup, x, dx, enzyme_const, n)
  call check('host', host, x, dx, bad)
  call check_tangent('host', enzyme_fwddiff(c_funloc(host), enzyme_dup, x, t, enzyme_const, n), &
                     dx, t, 1d-7, bad)
  if (bad /= 0) stop 1
contains

  ! shapes has real(4) terms: central differences with a step real(4)
  ! resolves, and a tolerance for its rounding
  subroutine check_single(name, f)
    character(*), intent(in) :: name
    interface
      function f(x, n) bind(c) result(s)
        import :: c_int, c_double
        integer(c_int), value :: n
        real(c_double), intent(in) :: x(n)
        real(c_double) :: s
      end function
    end interface
    real(c_double) :: xp(n), xm(n), h, want
    integer :: k
    do k = 1, n
      h = 1d-3 * (1 + abs(x(k)))
      xp = x
      xp(k) = x(k) + h
      xm = x
      xm(k) = x(k) - h
      want = (f(xp, n) - f(xm, n)) / (2 * h)
      if (.not. abs(dx(k) - want) <= 1d-3 * (1 + abs(want))) then
        print *, 'MISMATCH ', name, k, ': got ', dx(k), ', want ', want
        bad = bad + 1
      end if
    end do
  end subroutine
end program
