// Isentropic vortex: the periodic square [0,10]^2. Left/right and bottom/top are matched node by
// node (Periodic Curve), so tridg joins them into interior edges and the mesh has no boundary.
// The mesh is deliberately coarse: uniform refinement (tridg --refine) builds the convergence
// series from it.
DefineConstant[ h = 1.25 ];
L = 10;

Point(1) = {0, 0, 0, h};
Point(2) = {L, 0, 0, h};
Point(3) = {L, L, 0, h};
Point(4) = {0, L, 0, h};
Line(1) = {1, 2};  // bottom
Line(2) = {2, 3};  // right
Line(3) = {4, 3};  // top, same direction as the bottom
Line(4) = {1, 4};  // left, same direction as the right
Curve Loop(1) = {1, 2, -3, -4};
Plane Surface(1) = {1};

Periodic Curve {2} = {4} Translate {L, 0, 0};
Periodic Curve {3} = {1} Translate {0, L, 0};

// Named for readability of the .msh; they vanish from the boundary once matched.
Physical Curve("bottom") = {1};
Physical Curve("right") = {2};
Physical Curve("top") = {3};
Physical Curve("left") = {4};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay
