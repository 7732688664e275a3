// The square [0, 4] x [0, 4] around Thacker's paraboloid bowl (centre (2, 2), wet disc of radius
// 1 whose centre circles at radius 0.5): finer where the water goes, coarser in the corners.
DefineConstant[ h = 0.1 ];
L = 4;

Point(1) = {0, 0, 0, h};
Point(2) = {L, 0, 0, h};
Point(3) = {L, L, 0, h};
Point(4) = {0, L, 0, h};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};

// h within 1.7 of the centre (the water stays within 1.5), growing to 3 h at the corners.
Field[1] = MathEval;
Field[1].F = Sprintf("%g * (1 + 2 * Max(0, Sqrt((x - 2)^2 + (y - 2)^2) - 1.7) / 1.13)", h);
Background Field = 1;
Mesh.MeshSizeExtendFromBoundary = 0;
Mesh.MeshSizeFromPoints = 0;

Physical Curve("wall") = {1, 2, 3, 4};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay
