! Two small programs of the shapes held-out Fortran takes, each gradient
! checked against central differences:
! - a neural layer: hidden = tanh(matmul(w, x) + b) (a matrix by a vector),
!   a `where` clipping it, an elemental activation of matmul(hidden, v) (a
!   vector by a matrix), and a squared loss; the parameters are packed in
!   one array and seen as the layer's arrays by sequence association;
! - Heun's method for a damped oscillator whose parameters live in a
!   derived type holding arrays; the right-hand side is an internal
!   procedure reading them by host association; real(4) holds the kinetic
!   energy;
! - a least-squares fit whose residuals go to allocatable arrays assigned
!   by the runtime: allocated by the assignment, reallocated to another
!   shape, assigned again in the shape it has, and from sections of
!   itself (reversed, shrunk), as an explicit-shape array is.
module enzyme
  use iso_c_binding
  implicit none
  interface
    subroutine enzyme_autodiff(f, p, dp) bind(c, name="__enzyme_autodiff")
      import :: c_funptr, c_double
      type(c_funptr), value :: f
      real(c_double) :: p(*), dp(*)
    end subroutine
  end interface
end module
module layer
  use iso_c_binding
  implicit none
  integer, parameter :: n_in = 3, n_hidden = 4, n_out = 2
  integer, parameter :: n_params = n_hidden * n_in + n_hidden + n_hidden * n_out
contains
  elemental real(c_double) function softsign(z)
    real(c_double), intent(in) :: z
    softsign = z / (1 + abs(z))
  end function

  function loss(p) bind(c) result(s)
    real(c_double), intent(in) :: p(n_params)
    real(c_double) :: s
    s = layer_loss(p(1:), p(n_hidden * n_in + 1:), p(n_hidden * n_in + n_hidden + 1:))
  end function

  ! the packed parameters seen as the layer's arrays (sequence association)
  real(c_double) function layer_loss(w, b, v) result(s)
    real(c_double), intent(in) :: w(n_hidden, n_in), b(n_hidden), v(n_hidden, n_out)
    real(c_double) :: x(n_in), hidden(n_hidden), out(n_out), target(n_out)
    x = [0.5d0, -1.0d0, 2.0d0]
    target = [0.25d0, -0.5d0]
    hidden = tanh(matmul(w, x) + b)
    where (hidden > 0.9d0) hidden = 0.9d0
    out = softsign(matmul(hidden, v))
    s = sum((out - target)**2)
  end function
end module

module oscillator
  use iso_c_binding
  implicit none
  type :: model
    real(c_double) :: stiffness(2), damping(2)
  end type
contains
  function energy_after(p) bind(c) result(e)
    real(c_double), intent(in) :: p(6)
    real(c_double) :: e, y(4), k1(4), k2(4), dt
    type(model) :: m
    integer :: step
    real(4) :: kinetic
    y = p(1:4)
    m%stiffness = [p(5), 2 * p(5)]
    m%damping = p(6) * [1d0, 0.5d0]
    dt = 0.05d0
    do step = 1, 40
      k1 = rate(y)
      k2 = rate(y + dt * k1)
      y = y + dt / 2 * (k1 + k2)
    end do
    kinetic = real(sum(y(3:4)**2) / 2, 4)
    e = sum(m%stiffness * y(1:2)**2) / 2 + kinetic
  contains
    function rate(state) result(r)
      real(c_double), intent(in) :: state(4)
      real(c_double) :: r(4)
      r(1:2) = state(3:4)
      r(3:4) = -m%stiffness * state(1:2) - m%damping * state(3:4)
    end function
  end function
end module

module fit
  use iso_c_binding
  implicit none
contains
  function fit_loss(c) bind(c) result(s)
    real(c_double), intent(in) :: c(3)
    real(c_double) :: s
    real(c_double), allocatable :: t(:), r(:), coarse(:), u(:)
    real(c_double) :: q(4)
    integer :: i
    allocate(t(10))
    do i = 1, 10
      t(i) = 0.1d0 * i
    end do
    coarse = c(1) + c(2) * t(1:10:3)
    r = coarse
    s = sum(r**2) / 4
    r = c(1) + c(2) * t + c(3) * t**2 - exp(-t)
    s = s + sum(r**2) / 2
    r = r * c(3)
    s = s + sum(r) + size(r)
    ! assignments whose source overlaps the destination
    r = r(10:1:-1)
    r = r(2:5)
    q = r
    q = q(4:1:-1)
    s = s + sum(r * [1d0, 2d0, 3d0, 4d0]) + q(1) * q(2)
    allocate(u(6))
    u(1:3) = c * c
    u(4:6) = c
    u = u(2:5)
    u = u(4:1:-1)
    s = s + sum(u * [1d0, 2d0, 3d0, 4d0])
  end function
end module

program main
  use iso_c_binding
  use enzyme
  use layer
  use oscillator
  use fit
  implicit none
  real(c_double) :: weights(n_params), d_weights(n_params), state(6), d_state(6)
  real(c_double) :: coefficients(3), d_coefficients(3)
  integer :: i, bad
  do i = 1, n_params
    weights(i) = 0.3d0 * sin(1.7d0 * i)
  end do
  state = [1.0d0, -0.5d0, 0.2d0, 0.3d0, 1.5d0, 0.1d0]
  d_weights = 0
  d_state = 0
  coefficients = [0.9d0, -0.8d0, 0.3d0]
  d_coefficients = 0
  call enzyme_autodiff(c_funloc(fit_loss), coefficients, d_coefficients)
  call enzyme_autodiff(c_funloc(loss), weights, d_weights)
  call enzyme_autodiff(c_funloc(energy_after), state, d_state)
  bad = 0
  call check(c_funloc(loss), weights, d_weights, 1d-6, 1d-6)
  ! the real(4) kinetic energy rounds to about 1e-7: its difference
  ! quotient is good to about 1e-4 at this step
  call check(c_funloc(energy_after), state, d_state, 1d-3, 1d-4)
  call check(c_funloc(fit_loss), coefficients, d_coefficients, 1d-6, 1d-6)
  if (bad /= 0) stop 1
contains
  ! the gradient dp of f at p against central differences of step h
  subroutine check(f, p, dp, h, tolerance)
    type(c_funptr), intent(in) :: f
    real(c_double), intent(inout) :: p(:)
    real(c_double), intent(in) :: dp(:)
    real(c_double), intent(in) :: h, tolerance
    interface
      real(c_double) function objective(p) bind(c)
        import :: c_double
        real(c_double), intent(in) :: p(*)
      end function
    end interface
    procedure(objective), pointer :: fp
    real(c_double) :: keep, up, down, fd
    integer :: i
    call c_f_procpointer(f, fp)
    do i = 1, size(p)
      keep = p(i)
      p(i) = keep + h
      up = fp(p)
      p(i) = keep - h
      down = fp(p)
      p(i) = keep
      fd = (up - down) / (2 * h)
      if (abs(dp(i) - fd) > tolerance * (1 + abs(fd))) then
        print *, 'MISMATCH', i, dp(i), fd
        bad = 1
      end if
    end do
  end subroutine
end program
