// Double Mach reflection (Woodward and Colella 1984): the channel [0,4] x [0,1]. The bottom is
// split at x = 1/6, where the shock meets the wall: post-shock inflow before, slip wall after.
// Unstructured (Frontal-Delaunay); h = 0.019 gives about 25,000 triangles (tridg's size factor
// scales it: factor 0.5 gives about 4x as many).
DefineConstant[ h = 0.019 ];
x0 = 1/6;

Point(1) = {0, 0, 0, h};
Point(2) = {x0, 0, 0, h};
Point(3) = {4, 0, 0, h};
Point(4) = {4, 1, 0, h};
Point(5) = {0, 1, 0, h};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 5};
Line(5) = {5, 1};
Curve Loop(1) = {1, 2, 3, 4, 5};
Plane Surface(1) = {1};

Physical Curve("bottom_inflow") = {1};
Physical Curve("bottom_wall") = {2};
Physical Curve("right") = {3};
Physical Curve("top") = {4};
Physical Curve("left") = {5};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay
