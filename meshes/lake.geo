// The unit square with one wall, for the lake at rest over an emerged bump (small: fast tests).
DefineConstant[ h = 0.1 ];

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

Physical Curve("wall") = {1, 2, 3, 4};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay
