// Monai valley (the 1993 Okushiri tsunami run-up experiment, 1:400 scale): the wave tank
// [0, 5.488] x [0, 3.402]. The incident wave enters at x = 0; all other sides are walls. Elements
// are finer around the narrow valley near (5.1, 1.9) where the maximum run-up was measured.
DefineConstant[ h = 0.05, h_valley = 0.015 ];
Lx = 5.488;
Ly = 3.402;

Point(1) = {0, 0, 0, h};
Point(2) = {Lx, 0, 0, h};
Point(3) = {Lx, Ly, 0, h};
Point(4) = {0, Ly, 0, h};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};

// h_valley within 0.25 of the valley, growing linearly to h at 0.6.
Field[1] = MathEval;
Field[1].F = Sprintf("Min(%g, Max(%g, %g + (%g - %g) * (Sqrt((x - 5.1)^2 + (y - 1.9)^2) - 0.25) / 0.35))",
                     h, h_valley, h_valley, h, h_valley);
Background Field = 1;

Physical Curve("inflow") = {4};
Physical Curve("wall") = {1, 2, 3};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay
