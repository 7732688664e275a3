// The unit square with one boundary group, meshed with strongly varying element sizes (fine at
// the bottom left, coarse at the top right) so that tests see distorted, irregular triangles.
DefineConstant[ h = 0.08 ];

Point(1) = {0, 0, 0, h};
Point(2) = {1, 0, 0, h};
Point(3) = {1, 1, 0, h};
Point(4) = {0, 1, 0, h};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};

Field[1] = MathEval;
Field[1].F = Sprintf("%g * (0.3 + 1.2 * (x + y) / 2)", h);
Background Field = 1;
Mesh.MeshSizeExtendFromBoundary = 0;
Mesh.MeshSizeFromPoints = 0;

Physical Curve("boundary") = {1, 2, 3, 4};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay
