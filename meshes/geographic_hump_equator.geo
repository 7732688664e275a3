// Half of a 5 degree (of arc) box around a hump at 0 E, 0 N: the meridian through the hump is a
// wall, which is the plane of symmetry (cases/hump_geographic_equator.toml).
DefineConstant[ lon0 = 0, lon1 = 2.5, lat0 = -2.5, lat1 = 2.5, h = 0.15 ];

Point(1) = {lon0, lat0, 0, h};
Point(2) = {lon1, lat0, 0, h};
Point(3) = {lon1, lat1, 0, h};
Point(4) = {lon0, lat1, 0, h};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};

Physical Curve("wall") = {1, 2, 3, 4};
Physical Surface("domain") = {1};

Mesh.Algorithm = 6;  // Frontal-Delaunay
