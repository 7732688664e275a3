// Supersonic vortex: flow between two circular arcs r = 1 and r = 1.384 in the first quadrant,
// entering through the inlet on the y axis and leaving through the outlet on the x axis. The
// walls are true circle arcs, so tridg recognises them (curved-wall condition, and refinement
// puts new wall nodes on the circles).
DefineConstant[ h = 0.05 ];
ri = 1;
ro = 1.384;

Point(1) = {0, 0, 0, h};  // centre
Point(2) = {ri, 0, 0, h};
Point(3) = {ro, 0, 0, h};
Point(4) = {0, ro, 0, h};
Point(5) = {0, ri, 0, h};
Line(1) = {2, 3};        // outlet, on the x axis
Circle(2) = {3, 1, 4};   // outer wall
Line(3) = {4, 5};        // inlet, on the y axis
Circle(4) = {5, 1, 2};   // inner wall
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};

Physical Curve("outlet") = {1};
Physical Curve("outer_wall") = {2};
Physical Curve("inlet") = {3};
Physical Curve("inner_wall") = {4};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay
