// A strip [0, 10] x [0, 0.5] for 1D dam breaks along x, meshed with a structured triangulation
// whose nodes include the dam line x = 5 (so the initial step is exact in every element). Walls
// all around: the waves do not reach the ends before the cases end.
DefineConstant[ nx = 50, ny = 3 ];
L = 10;
W = 0.5;

Point(1) = {0, 0, 0};
Point(2) = {L, 0, 0};
Point(3) = {L, W, 0};
Point(4) = {0, W, 0};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};
Transfinite Curve{1, 3} = nx + 1;
Transfinite Curve{2, 4} = ny + 1;
Transfinite Surface{1} Alternate;

Physical Curve("wall") = {1, 2, 3, 4};
Physical Surface("domain") = {1};
