// Channel with a circular bump: [-1.5, 1.5] x [0, 0.8], and on the floor between x = -0.5 and
// 0.5 a circle arc 0.05 high (radius 2.525, centre (0, -2.475)). The arc is a true circle, so
// tridg recognises it (curved-wall condition, and refinement puts new nodes on the circle).
DefineConstant[ h = 0.1 ];
hb = h / 3;  // finer on the bump, where the flow turns
R = 2.525;
yc = 0.05 - R;

Point(1) = {-1.5, 0, 0, h};
Point(2) = {-0.5, 0, 0, hb};
Point(3) = {0.5, 0, 0, hb};
Point(4) = {1.5, 0, 0, h};
Point(5) = {1.5, 0.8, 0, h};
Point(6) = {-1.5, 0.8, 0, h};
Point(7) = {0, yc, 0, h}; // the arc's centre
Line(1) = {1, 2};
Circle(2) = {2, 7, 3};
Line(3) = {3, 4};
Line(4) = {4, 5};
Line(5) = {5, 6};
Line(6) = {6, 1};
Curve Loop(1) = {1, 2, 3, 4, 5, 6};
Plane Surface(1) = {1};

Physical Curve("floor") = {1, 3};
Physical Curve("bump") = {2};
Physical Curve("outlet") = {4};
Physical Curve("top") = {5};
Physical Curve("inlet") = {6};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay
